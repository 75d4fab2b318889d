/*
 * The special tokens DeepSeek V4's chat encoding writes, and how kvprefix carries them in text.
 *
 * Ids: DeepSeek-V4's `tokenizer.json` `added_tokens` (the V3 ids for BOS/EOS/User/Assistant are
 * unchanged; V4 adds think-open 128821, think-close 128822 and the DSML marker 128825 among ~50
 * named tokens, see `V4_ADDED_TOKENS`). Strings: the V4 encoding script `encoding/encoding_dsv4.py`
 * shipped with the model (`bos_token`, `eos_token`, `USER_SP_TOKEN`, `ASSISTANT_SP_TOKEN`,
 * `thinking_start_token`, `thinking_end_token`, `dsml_token`).
 *
 * Why a stand-in character: kvprefix counts a prefix's tokens from per-segment counts joined at
 * *token anchors* (src/prefix/token-anchors.ts), positions judged from two characters. `<think>`
 * holds one (`k` then `>`), so a count split there would see `<think` + `>` instead of one token.
 * The rendered text therefore carries each template token as one Unicode noncharacter
 * (U+FDD0…, "permanently reserved for internal use", never interchanged), which no anchor can cut
 * and which the DeepSeek tokenizer maps to the token's id. `displayDeepSeekText` turns it back into
 * the token strings for people.
 */

import { isTokenAnchor } from '../../prefix/token-anchors.js';

/** A template token of the V4 encoding: its text, id, and the noncharacter that stands for it in rendered text. */
export interface TemplateToken {
  readonly text: string;
  readonly id: number;
  readonly mark: string;
}

function token(text: string, id: number, index: number): TemplateToken {
  return { text, id, mark: String.fromCharCode(0xfdd0 + index) };
}

/** The tokens the V4 encoding writes around a conversation. */
export const V4_TEMPLATE_TOKENS = {
  bos: token('<｜begin▁of▁sentence｜>', 0, 0),
  eos: token('<｜end▁of▁sentence｜>', 1, 1),
  user: token('<｜User｜>', 128803, 2),
  assistant: token('<｜Assistant｜>', 128804, 3),
  thinkOpen: token('<think>', 128821, 4),
  thinkClose: token('</think>', 128822, 5),
  dsml: token('｜DSML｜', 128825, 6),
} as const satisfies Record<string, TemplateToken>;

/**
 * V4's named added tokens beyond V3's (DeepSeek-V4-Flash `tokenizer.json` `added_tokens`, ids
 * 128815–128846 and 129262–129279), registered so that such text inside message content counts as
 * the one token the server's tokenizer makes of it.
 */
export const V4_ADDED_TOKENS: readonly (readonly [string, number])[] = [
  ['<｜begin▁of▁repo▁name｜>', 128815],
  ['<｜end▁of▁repo▁name｜>', 128816],
  ['<｜begin▁of▁file▁name｜>', 128817],
  ['<｜end▁of▁file▁name｜>', 128818],
  ['<｜begin▁of▁file｜>', 128819],
  ['<｜end▁of▁file｜>', 128820],
  ['<think>', 128821],
  ['</think>', 128822],
  ['<｜place▁holder▁for▁copy｜>', 128823],
  ['<｜place▁holder▁for▁pointer▁replace｜>', 128824],
  ['｜DSML｜', 128825],
  ['<｜begin▁sys｜>', 128826],
  ['<｜end▁sys｜>', 128827],
  ['<｜latest_reminder｜>', 128828],
  ['<｜action｜>', 128829],
  ['<｜query｜>', 128830],
  ['<｜authority｜>', 128831],
  ['<｜domain｜>', 128832],
  ['<｜task｜>', 128833],
  ['<｜political｜>', 128834],
  ['<｜entity｜>', 128835],
  ['<｜title｜>', 128836],
  ['<｜safety｜>', 128837],
  ['<｜answer｜>', 128838],
  ['<｜search｜>', 128839],
  ['<dsml:', 128840],
  ['</dsml:', 128841],
  ['<｜search▁begin｜>', 128842],
  ['<｜search▁end｜>', 128843],
  ['<｜extracted_url｜>', 128844],
  ['<｜read_url｜>', 128845],
  ['<｜end_of_query｜>', 128846],
  ['<｜rl_image_pad｜>', 129262],
  ['<｜rl_image_start｜>', 129263],
  ['<｜image2｜>', 129264],
  ['<｜/table>｜', 129265],
  ['<｜table｜>', 129266],
  ['<｜/td｜>', 129267],
  ['<｜td｜>', 129268],
  ['<｜/tr｜>', 129269],
  ['<｜tr｜>', 129270],
  ['<｜/polygon｜>', 129271],
  ['<｜polygon｜>', 129272],
  ['<｜/point｜>', 129273],
  ['<｜point｜>', 129274],
  ['<｜/box｜>', 129275],
  ['<｜box｜>', 129276],
  ['<｜/ref｜>', 129277],
  ['<｜ref｜>', 129278],
  ['<｜image｜>', 129279],
];

/** V3's added tokens that V4's tokenizer keeps and its encoding may meet inside a message. */
const V3_ADDED_TOKENS: readonly (readonly [string, number])[] = [['<|EOT|>', 128805]];

function holdsAnchor(text: string): boolean {
  for (let index = 1; index < text.length; index++) if (isTokenAnchor(text, index)) return true;
  return false;
}

const TEMPLATE_TEXTS: ReadonlySet<string> = new Set(Object.values(V4_TEMPLATE_TOKENS).map((entry) => entry.text));

/**
 * Added tokens, besides the template's, whose text holds a token anchor (a letter followed by ASCII
 * punctuation, as `<dsml:` or `<|EOT|>`): written out inside a message they too are carried as one
 * stand-in character each, so the engine never counts them in two halves. Every other added token
 * has no anchor inside and is matched by the tokenizer as it stands. Derived with the engine's own
 * anchor rule, in id order, so a token added to the tables above is carried correctly without a
 * second list to keep in step.
 */
const ANCHORED_ADDED_TOKENS = [...V3_ADDED_TOKENS, ...V4_ADDED_TOKENS].filter(([text]) => !TEMPLATE_TEXTS.has(text) && holdsAnchor(text));

const TEMPLATE_COUNT = Object.keys(V4_TEMPLATE_TOKENS).length;

/** Every token carried as a stand-in character: the template's and the anchored added tokens. */
export const STAND_IN_TOKENS: readonly TemplateToken[] = [
  ...Object.values(V4_TEMPLATE_TOKENS),
  ...ANCHORED_ADDED_TOKENS.map(([text, id], index) => token(text, id, TEMPLATE_COUNT + index)),
];

/** Token by stand-in character. */
export const TEMPLATE_TOKEN_BY_MARK: ReadonlyMap<string, TemplateToken> = new Map(STAND_IN_TOKENS.map((entry) => [entry.mark, entry]));

/** Texts of the tokens carried as stand-ins (the tokenizer must not match them as text). */
export const STAND_IN_TEXTS: ReadonlySet<string> = new Set(STAND_IN_TOKENS.map((entry) => entry.text));

const LAST_MARK = String.fromCharCode(0xfdd0 + STAND_IN_TOKENS.length - 1);

/** Matches any stand-in character (for splitting text before byte-pair encoding). */
export const TEMPLATE_MARK_PATTERN = new RegExp(`[\uFDD0-${LAST_MARK}]`);

const STAND_IN_SOURCE = new RegExp(
  [...STAND_IN_TOKENS]
    .sort((a, b) => b.text.length - a.text.length)
    .map((entry) => entry.text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('|'),
  'g',
);

/** `text` (message content, a prompt) with every written-out stand-in token replaced by its stand-in character, as the server's tokenizer would match it. */
export function toStandIns(text: string): string {
  return text.replace(STAND_IN_SOURCE, (match) => STAND_IN_TOKENS.find((entry) => entry.text === match)!.mark);
}


const DISPLAY_PATTERN = new RegExp(TEMPLATE_MARK_PATTERN.source, 'g');

/** Rendered V4 text with each stand-in character replaced by its token's text, for people to read. */
export function displayDeepSeekText(text: string): string {
  return text.replace(DISPLAY_PATTERN, (mark) => TEMPLATE_TOKEN_BY_MARK.get(mark)?.text ?? mark);
}
