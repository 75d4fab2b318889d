import { hashHex, hashText } from '../../prefix/hash.js';
import type { Tokenizer } from '../../prefix/tokenizer.js';
import type { SegmentSpan } from '../result/session-analysis.js';
import { itemText } from './item-text.js';
import { redactedText, redactedTokens } from './redacted-text.js';
import type { RolloutItem } from './rollout-file.js';

/*
 * Tokens the Responses API adds around each input item (its role or type markers and separators),
 * measured on the corpus rollout (codex-tui 0.125.0, gpt-5.5): with 11 per item, the growth of 45 of
 * its 66 calls is predicted within 8 tokens from the items they added (o200k counts of their text).
 */
export const ITEM_FRAMING_TOKENS = 11;

/*
 * An encrypted item (a reasoning item written by another run, a compaction summary) is base64 of
 * its ciphertext: about 3 bytes per 4 characters, and about 4 bytes of text per token (OpenAI's rule
 * of thumb, https://help.openai.com/en/articles/4936856-what-are-tokens-and-how-to-count-them).
 */
const ENCRYPTED_CHARACTERS_PER_TOKEN = (4 * 4) / 3;

/** Tokens of a logged text: counted where it was kept, estimated from the markers' lengths where it was redacted. */
export function textTokens(tokenizer: Tokenizer, text: string): { readonly tokens: number; readonly redacted: boolean } {
  const redaction = redactedText(text);
  return { tokens: tokenizer.count(redaction.plain) + redactedTokens(redaction.characters), redacted: redaction.markers > 0 };
}

/** One input item as the replay counts it. */
export interface SizedItem {
  /** 32 bits of the item's hash: what the prefix store compares. */
  readonly symbol: number;
  readonly tokens: number;
  /** True when redaction markers stood for some of its text (its size is then estimated). */
  readonly redacted: boolean;
  /** The item as drawn in reports. */
  readonly span: SegmentSpan;
  /** What kind of item it is, for causes: `developer message`, `user message`, `tool output`, … */
  readonly name: string;
}

/** Sizes of a rollout's items, each measured once (items are the same objects from call to call). */
export class ItemSizes {
  readonly #tokenizer: Tokenizer;
  readonly #reasoning: ReadonlyMap<RolloutItem, number>;
  readonly #memo = new Map<RolloutItem, SizedItem>();
  /** Items whose size rests on redaction markers' lengths. */
  redactedItems = 0;

  /** `reasoning`: the reasoning tokens of the call that wrote each reasoning item (its size when it is sent back). */
  constructor(tokenizer: Tokenizer, reasoning: ReadonlyMap<RolloutItem, number>) {
    this.#tokenizer = tokenizer;
    this.#reasoning = reasoning;
  }

  of(item: RolloutItem): SizedItem {
    let sized = this.#memo.get(item);
    if (sized === undefined) this.#memo.set(item, (sized = this.#measure(item)));
    return sized;
  }

  #measure(item: RolloutItem): SizedItem {
    const { text, name } = itemText(item);
    const redaction = redactedText(text);
    let tokens = this.#tokenizer.count(redaction.plain) + redactedTokens(redaction.characters);
    const encrypted = typeof item['encrypted_content'] === 'string' ? item['encrypted_content'] : '';
    if (item.type === 'reasoning') tokens += this.#reasoning.get(item) ?? Math.round(encrypted.length / ENCRYPTED_CHARACTERS_PER_TOKEN);
    else if (encrypted !== '') tokens += Math.round(encrypted.length / ENCRYPTED_CHARACTERS_PER_TOKEN);
    tokens += ITEM_FRAMING_TOKENS;
    if (redaction.markers > 0) this.redactedItems++;
    const hash = hashText(JSON.stringify(item));
    const kind = item.type === 'message' && (item['role'] === 'developer' || item['role'] === 'system') ? 'system' : 'message';
    return { symbol: Number(hash & 0xffffffffn), tokens: Math.round(tokens), redacted: redaction.markers > 0, name, span: { kind, name, tokens: Math.round(tokens), hash: hashHex(hash) } };
  }
}
