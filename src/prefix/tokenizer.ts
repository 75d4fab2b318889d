import { createRequire } from 'node:module';
import { UsageError } from './errors.js';
import { BytePairEncoder, LONG_PIECE_BYTES, type LongPieceMerge, type PairCount } from './byte-pair-encoder.js';
import type { RankEntries } from './byte-rank-table.js';
import { buildRankTable, loadRankTable } from './rank-table-file.js';

export { LONG_PIECE_BYTES, type LongPieceMerge, type PairCount };

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
  /**
   * Optional: `[encode(a), encode(b)]` for two texts that agree on their first `shared` chars, with
   * the work on that common stretch done once. A comparison tokenizes both sides of a difference
   * around the same text; without this method each side is encoded on its own.
   */
  encodePair?(a: string, b: string, shared: number): [number[], number[]];
  /**
   * Optional: the token counts of two texts that agree on their first `shared` chars, the common
   * stretch counted once, and the end of the pre-tokens the two splits have in common.
   */
  countPair?(a: string, b: string, shared: number): PairCount;
  /**
   * Optional: how many leading tokens `encode(a)` and `encode(b)` share, for two texts that agree on
   * their first `shared` chars, without building the token arrays.
   */
  commonTokens?(a: string, b: string, shared: number): number;
  /** Optional: how many UTF-8 bytes token `token` stands for (lets a bound on shared tokens stop at the first differing byte). */
  tokenByteLength?(token: number): number;
}

/** Names accepted by `getTokenizer` and the CLI's `--tokenizer`. */
export const TOKENIZER_NAMES = ['o200k_base', 'cl100k_base'] as const;
export type TokenizerName = (typeof TOKENIZER_NAMES)[number];

/** Options of `createTokenizer`. */
export interface TokenizerOptions {
  /** How pre-tokens longer than `LONG_PIECE_BYTES` are merged (default: `bucketMergeRange`'s rank buckets, near-linear). */
  readonly longPieceMerge?: LongPieceMerge;
}

// Loaded on first use, synchronously, from the library's CommonJS build: a vocabulary costs ~100 ms
// and tens of MB to load, and a caller that never counts tokens (reading a session log) must not pay.
const load = createRequire(import.meta.url);

const PARAMETERS = {
  o200k_base: () => (load('gpt-tokenizer/encodingParams/o200k_base') as { O200KBase: EncodingParameters }).O200KBase,
  cl100k_base: () => (load('gpt-tokenizer/encodingParams/cl100k_base') as { Cl100KBase: EncodingParameters }).Cl100KBase,
} as const satisfies Record<TokenizerName, () => EncodingParameters>;

/** The part of gpt-tokenizer's (pinned) encoding parameters kvprefix uses: its split expression. */
type EncodingParameters = (ranks: RankEntries) => { readonly tokenSplitRegex: RegExp };

/**
 * An encoder of our own over gpt-tokenizer's ranks and split expression for one encoding (see
 * `byte-pair-encoder.ts` for why not the library's loop). Special-token text is ordinary text, the
 * convention tiktoken's `encode_ordinary` follows: real prompts and READMEs contain it. The
 * library's shared encoding objects, which other code in the process may use, are never touched.
 */
function createEncoder(name: TokenizerName, longPieceMerge: LongPieceMerge | undefined): BytePairEncoder {
  // The split expression does not depend on the ranks (the parameters only hold on to them).
  const { tokenSplitRegex } = PARAMETERS[name]()([]);
  return new BytePairEncoder(loadRankTable(name) ?? buildRankTable(name), tokenSplitRegex, longPieceMerge);
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
  let encoder: BytePairEncoder | undefined;
  const ready = () => (encoder ??= createEncoder(encoding, options.longPieceMerge));
  return {
    name: encoding,
    encode: (text) => ready().encode(text),
    count: (text) => ready().count(text),
    encodePair: (a, b, shared) => ready().encodePair(a, b, shared),
    countPair: (a, b, shared) => ready().countPair(a, b, shared),
    commonTokens: (a, b, shared) => ready().commonTokens(a, b, shared),
    tokenByteLength: (token) => ready().tokenByteLength(token),
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
