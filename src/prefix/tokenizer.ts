import { createRequire } from 'node:module';
import { UsageError } from './errors.js';
import { heapBytePairMerge, type RankOf } from './heap-byte-pair-merge.js';

/**
 * A byte-pair tokenizer of the tiktoken family: text is first split by a regular expression into
 * pre-tokens and each pre-token is encoded on its own. kvprefix relies on that structure to count a
 * prefix exactly without re-tokenizing it (see `token-anchors.ts`).
 */
export interface Tokenizer {
  /** Encoding name, e.g. `o200k_base`. */
  readonly name: string;
  /** Token ids of `text`, treating special-token text (`<|endoftext|>`) as ordinary text. */
  encode(text: string): number[];
  /** Number of tokens of `text`, same convention as `encode`. */
  count(text: string): number;
}

/** Names accepted by `getTokenizer` and the CLI's `--tokenizer`. */
export const TOKENIZER_NAMES = ['o200k_base', 'cl100k_base'] as const;
export type TokenizerName = (typeof TOKENIZER_NAMES)[number];

/** Pre-tokens longer than this many bytes merge through `longPieceMerge` instead of the library's O(n²) scan. */
export const LONG_PIECE_BYTES = 512;

/** Merges one pre-token's UTF-8 bytes into token ranks, looking ranks up with `rankOf`. */
export type LongPieceMerge = (piece: Uint8Array, rankOf: RankOf) => number[];

/** Options of `createTokenizer`. */
export interface TokenizerOptions {
  /** How pre-tokens longer than `LONG_PIECE_BYTES` are merged (default: `heapBytePairMerge`, O(n log n)). */
  readonly longPieceMerge?: LongPieceMerge;
  /** How many pieces' merges to remember (default 100,000, the library's); emptied when full. */
  readonly mergeCacheSize?: number;
}

/** The part of gpt-tokenizer's (pinned) byte-pair core kvprefix uses. */
interface BytePairCore {
  encodeNative(text: string, allowedSpecial: Set<string>): number[];
  countNative(text: string, allowedSpecial: Set<string>): number;
}
type BytePairCoreClass = new (config: object) => BytePairCore & {
  bytePairMerge(piece: Uint8Array): number[];
  getBpeRankFromBytes(bytes: Uint8Array): number | undefined;
  addToMergeCache(key: string, value: number[]): void;
  readonly mergeCache?: unknown;
  readonly mergeCacheSize?: unknown;
};

// Loaded on first use, synchronously, from the library's CommonJS build: a vocabulary costs ~100 ms
// and tens of MB to load, and a caller that never counts tokens (reading a session log) must not pay.
const load = createRequire(import.meta.url);

const PARAMETERS = {
  o200k_base: () => (load('gpt-tokenizer/encodingParams/o200k_base') as { O200KBase(ranks: unknown): object }).O200KBase,
  cl100k_base: () => (load('gpt-tokenizer/encodingParams/cl100k_base') as { Cl100KBase(ranks: unknown): object }).Cl100KBase,
} as const satisfies Record<TokenizerName, () => (ranks: unknown) => object>;

// Nothing counts as a special token: real prompts and READMEs contain special-token text, and it is
// plain text to kvprefix, the convention tiktoken's `encode_ordinary` follows.
const NO_SPECIAL_TOKENS = new Set<string>();

/**
 * A private byte-pair core of gpt-tokenizer for one encoding, built from the library's own
 * encoding parameters and ranks. Its subclass routes long pre-tokens through `longPieceMerge`: the
 * library's merge is quadratic and takes seconds to minutes on one long pre-token (a 100k-letter
 * run: 6 s). The library's shared encoding objects, which other code in the process may use, are
 * never touched.
 */
function createCore(name: TokenizerName, longPieceMerge: LongPieceMerge, mergeCacheSize: number | undefined): BytePairCore {
  const { BytePairEncodingCore } = load('gpt-tokenizer/BytePairEncodingCore') as { BytePairEncodingCore: BytePairCoreClass };
  const ranks = (load(`gpt-tokenizer/bpeRanks/${name}`) as { default: unknown }).default;
  class LongPieceCore extends BytePairEncodingCore {
    override bytePairMerge(piece: Uint8Array): number[] {
      return piece.length > LONG_PIECE_BYTES ? longPieceMerge(piece, (bytes) => this.getBpeRankFromBytes(bytes)) : super.bytePairMerge(piece);
    }

    /*
     * The library's merge cache (100k pieces) evicts its oldest entry with `keys().next()` right
     * after deleting the previous oldest, and V8 walks over every deleted slot to find it: on text
     * whose pieces rarely repeat (random base64) each eviction costs up to the cache size, and the
     * second 800 KB of base64 took 10.6 s against 3.4 s without a cache. Emptying the full cache
     * keeps its bound, and its benefit on real text, at O(1) per insertion.
     */
    override addToMergeCache(key: string, value: number[]): void {
      const cache = this.mergeCache;
      const limit = this.mergeCacheSize;
      if (!(cache instanceof Map) || typeof limit !== 'number') return super.addToMergeCache(key, value);
      if (cache.size >= limit) cache.clear();
      cache.set(key, value);
    }
  }
  return new LongPieceCore({ ...PARAMETERS[name]()(ranks), ...(mergeCacheSize === undefined ? {} : { mergeCacheSize }) });
}

function checkName(name: string): TokenizerName {
  if (!(TOKENIZER_NAMES as readonly string[]).includes(name)) {
    throw new UsageError('usage/unknown-tokenizer', `unknown tokenizer '${name}': use one of ${TOKENIZER_NAMES.join(', ')}`);
  }
  return name as TokenizerName;
}

/** A new tokenizer for an encoding, with its own vocabulary tables, loaded on its first use. */
export function createTokenizer(name: string, options: TokenizerOptions = {}): Tokenizer {
  const encoding = checkName(name);
  const merge = options.longPieceMerge ?? heapBytePairMerge;
  let core: BytePairCore | undefined;
  const ready = () => (core ??= createCore(encoding, merge, options.mergeCacheSize));
  return {
    name: encoding,
    encode: (text) => ready().encodeNative(text, NO_SPECIAL_TOKENS),
    count: (text) => ready().countNative(text, NO_SPECIAL_TOKENS),
  };
}

// One shared tokenizer per encoding: immutable vocabulary tables, loaded once, on first use.
const shared = new Map<TokenizerName, Tokenizer>();

/** The shared tokenizer for an encoding name; `o200k_base` is the default. Loads nothing until it counts. */
export function getTokenizer(name: string = 'o200k_base'): Tokenizer {
  const encoding = checkName(name);
  let tokenizer = shared.get(encoding);
  if (!tokenizer) {
    tokenizer = createTokenizer(encoding);
    shared.set(encoding, tokenizer);
  }
  return tokenizer;
}
