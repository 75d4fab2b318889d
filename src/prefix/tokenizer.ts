import * as cl100k from 'gpt-tokenizer/encoding/cl100k_base';
import * as o200k from 'gpt-tokenizer/encoding/o200k_base';
import { UsageError } from './errors.js';
import { heapBytePairMerge } from './heap-byte-pair-merge.js';

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

// Real prompts and READMEs contain special-token text; gpt-tokenizer throws on it unless both sets
// are empty, which makes it plain text — the convention tiktoken's `encode_ordinary` follows.
const ORDINARY = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };

/** The parts of gpt-tokenizer's (pinned) byte-pair core that the long-piece path uses. */
interface BytePairCore {
  bytePairMerge(piece: Uint8Array): number[];
  getBpeRankFromBytes(bytes: Uint8Array): number | undefined;
}

/** Pre-tokens longer than this many bytes merge through the O(n log n) heap instead of the O(n²) scan. */
export const LONG_PIECE_BYTES = 512;

const accelerated = new WeakSet<object>();

/**
 * Routes long pre-tokens of an encoding through `heapBytePairMerge`, which produces the same tokens
 * in O(n log n): gpt-tokenizer's own merge is quadratic and takes seconds to minutes on one long
 * pre-token (a 100k-letter run: 6 s; real input must not hang the CLI). Short pieces keep the
 * library's path and its merge cache. The hook is an instance field of the library's encoding
 * object, stable at the pinned version; if it is ever missing, counting stays correct, only slow.
 */
function accelerateLongPieces(module: typeof o200k): void {
  const core = (module.default as unknown as { bytePairEncodingCoreProcessor?: BytePairCore }).bytePairEncodingCoreProcessor;
  if (!core || typeof core.bytePairMerge !== 'function' || typeof core.getBpeRankFromBytes !== 'function' || accelerated.has(core)) return;
  const scan = core.bytePairMerge.bind(core);
  const rankOf = (bytes: Uint8Array) => core.getBpeRankFromBytes(bytes);
  core.bytePairMerge = (piece) => (piece.length > LONG_PIECE_BYTES ? heapBytePairMerge(piece, rankOf) : scan(piece));
  accelerated.add(core);
}

function fromModule(name: string, module: typeof o200k): Tokenizer {
  accelerateLongPieces(module);
  return {
    name,
    encode: (text) => module.encode(text, ORDINARY),
    count: (text) => module.countTokens(text, ORDINARY),
  };
}

/** Names accepted by `getTokenizer` and the CLI's `--tokenizer`. */
export const TOKENIZER_NAMES = ['o200k_base', 'cl100k_base'] as const;
export type TokenizerName = (typeof TOKENIZER_NAMES)[number];

const tokenizers = new Map<TokenizerName, Tokenizer>();

/** The tokenizer for an encoding name; `o200k_base` is the default. */
export function getTokenizer(name: string = 'o200k_base'): Tokenizer {
  if (!(TOKENIZER_NAMES as readonly string[]).includes(name)) {
    throw new UsageError('usage/unknown-tokenizer', `unknown tokenizer '${name}': use one of ${TOKENIZER_NAMES.join(', ')}`);
  }
  const key = name as TokenizerName;
  let tokenizer = tokenizers.get(key);
  if (!tokenizer) {
    tokenizer = fromModule(key, key === 'o200k_base' ? o200k : (cl100k as typeof o200k));
    tokenizers.set(key, tokenizer);
  }
  return tokenizer;
}
