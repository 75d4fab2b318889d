import type { ByteRankTable } from './byte-rank-table.js';
import { bucketMergeRange } from './bucket-byte-pair-merge.js';
import { detached } from './detached-string.js';
import type { RankOf } from './heap-byte-pair-merge.js';
import { PreTokenSplit } from './pre-token-split.js';
import { SHORT_MERGE_BYTES, ShortMergeCache } from './short-merge-cache.js';

/**
 * Token counts of two texts split in step (`BytePairEncoder.countPair`), and where that step ended:
 * both texts' pre-tokens are the same up to char `commonEnd`, and hold `commonTokens` tokens there.
 */
export interface PairCount {
  readonly a: number;
  readonly b: number;
  readonly commonEnd: number;
  readonly commonTokens: number;
}

/**
 * tiktoken-family encoding (split by a regular expression into pre-tokens, byte-pair merge each)
 * on typed arrays, with the same tokens as gpt-tokenizer's `encode` for any text, special-token
 * text read as ordinary text.
 *
 * Why not the library's own loop: per pre-token it looks the piece up in a string Map, encodes it
 * to a fresh array, and for each candidate pair validates and decodes the bytes to a string to look
 * it up again; on 2 MB of random base64 that was 4–7 s per side. It also appends each piece's tokens
 * with `push(...tokens)`, which overflows the stack on a pre-token of a few hundred thousand tokens
 * (a 2 MB run of one letter or of one punctuation mark). Here each piece's UTF-8 bytes go into one
 * reused buffer, pairs are looked up by byte range (`ByteRankTable`), and tokens are appended one by
 * one, or only counted.
 */

/** Pre-tokens longer than this many bytes merge by rank buckets (near-linear) instead of the O(n²) scan. */
export const LONG_PIECE_BYTES = 64;

/** Merges one pre-token's UTF-8 bytes into token ranks, looking ranks up with `rankOf`. */
export type LongPieceMerge = (piece: Uint8Array, rankOf: RankOf) => number[];

const NONE = 0x7fffffff;

/*
 * Long pieces already merged, by their text. A comparison counts each side's divergent segment and
 * then encodes the text around the difference, which holds the same long pre-token again (2 MB of one
 * letter is one pre-token): remembering the last few long merges halves that work, and makes a text
 * that repeats a long piece (a system prompt of identical emoji parts) cost one merge per distinct
 * piece. Bounded in pieces and in characters so that it never holds more than a few MB of text.
 */
const CACHED_PIECES = 256;
const CACHED_CHARS = 8 * 1024 * 1024;

/** True when `text[start, end)` on its own has no lone surrogate (its UTF-8 bytes decode back to it). */
function wellFormed(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code > 0xdbff || index + 1 >= end) return false;
    const low = text.charCodeAt(index + 1);
    if (!(low >= 0xdc00 && low <= 0xdfff)) return false;
    index++;
  }
  return true;
}

/**
 * Rank of part `index` joined with the next of `parts` parts, NONE when there is none or it is not a
 * token. A function of the module, not a closure per piece: a closure per call cost a third of the
 * time of short pieces.
 */
function pairRank(table: ByteRankTable, bytes: Uint8Array, starts: Int32Array, parts: number, index: number): number {
  if (index + 2 > parts) return NONE;
  const rank = table.pairRank(bytes, starts[index]!, starts[index + 1]!, starts[index + 2]!);
  return rank < 0 ? NONE : rank;
}

/** True when both splits stand on the same char range (the same text when both texts agree there). */
function inStep(splitA: PreTokenSplit, splitB: PreTokenSplit): boolean {
  return splitA.start === splitB.start && splitA.end === splitB.end;
}

export class BytePairEncoder {
  readonly #table: ByteRankTable;
  readonly #split: PreTokenSplit;
  /** A second split, so that two texts can be split in step (`encodePair`). */
  readonly #otherSplit: PreTokenSplit;
  readonly #longPieceMerge: LongPieceMerge | undefined;
  readonly #utf8 = new TextEncoder();
  // Scratch space reused across pieces (encoding is synchronous, so no two calls share it at once).
  #bytes = new Uint8Array(1024);
  readonly #starts = new Int32Array(LONG_PIECE_BYTES + 1);
  readonly #pairRanks = new Int32Array(LONG_PIECE_BYTES);
  readonly #shortMerges = new ShortMergeCache();
  /** A short piece's merged tokens, on their way into `#shortMerges`. */
  readonly #shortRanks = new Int32Array(SHORT_MERGE_BYTES);
  readonly #longPieces = new Map<string, Int32Array>();
  #cachedChars = 0;

  /**
   * @param table the vocabulary's ranks.
   * @param splitPattern the encoding's pre-token expression (copied: a global RegExp carries state).
   * @param longPieceMerge how pieces longer than `LONG_PIECE_BYTES` merge (default: `bucketMergeRange`).
   */
  constructor(table: ByteRankTable, splitPattern: RegExp, longPieceMerge?: LongPieceMerge) {
    this.#table = table;
    this.#split = new PreTokenSplit(splitPattern);
    this.#otherSplit = new PreTokenSplit(splitPattern);
    this.#longPieceMerge = longPieceMerge;
  }

  /** Token ids of `text`. */
  encode(text: string): number[] {
    const out: number[] = [];
    this.#run(text, out);
    return out;
  }

  /** How many bytes token `token` stands for. */
  tokenByteLength(token: number): number {
    return this.#table.byteLength(token);
  }

  /** Number of tokens of `text`, without building the token array. */
  count(text: string): number {
    return this.#run(text, null);
  }

  /**
   * Tokens of two texts that agree on their first `shared` chars (a request and the one it is
   * compared with): each pre-token both hold at the same place inside that stretch is merged once and
   * its tokens given to both. Each text is still split on its own, so the tokens are exactly
   * `[encode(a), encode(b)]`, wherever the split patterns' look-ahead reaches.
   */
  encodePair(a: string, b: string, shared: number): [number[], number[]] {
    const outA: number[] = [];
    const outB: number[] = [];
    this.#runPair(a, b, shared, outA, outB);
    return [outA, outB];
  }

  /** Token counts of two texts that agree on their first `shared` chars, shared pieces merged once. */
  countPair(a: string, b: string, shared: number): PairCount {
    return this.#runPair(a, b, shared, null, null);
  }

  /**
   * How many leading tokens `encode(a)` and `encode(b)` share, for texts that agree on their first
   * `shared` chars, without building either token array: pre-tokens both splits hold at the same
   * place inside the shared stretch are counted once, then the two token streams are compared piece
   * by piece until the first token that differs. Comparing two 2 MB texts this way touches each
   * token once instead of appending it to an array and scanning the arrays after.
   */
  commonTokens(a: string, b: string, shared: number): number {
    const splitA = this.#split;
    const splitB = this.#otherSplit;
    splitA.reset(a);
    splitB.reset(b);
    let common = 0;
    let hasA = splitA.next();
    let hasB = splitB.next();
    while (hasA && hasB && inStep(splitA, splitB) && splitA.end <= shared) {
      common += this.#piece(a, splitA.start, splitA.end, null);
      hasA = splitA.next();
      hasB = splitB.next();
    }
    // From here the streams may be cut into pieces differently: compare them token by token.
    const scratchA: number[] = [];
    const scratchB: number[] = [];
    let tokensA: ArrayLike<number> = [];
    let tokensB: ArrayLike<number> = [];
    let atA = 0;
    let atB = 0;
    for (;;) {
      if (atA === tokensA.length) {
        if (!hasA) return common;
        tokensA = this.#pieceTokens(a, splitA.start, splitA.end, scratchA);
        atA = 0;
        hasA = splitA.next();
        continue;
      }
      if (atB === tokensB.length) {
        if (!hasB) return common;
        tokensB = this.#pieceTokens(b, splitB.start, splitB.end, scratchB);
        atB = 0;
        hasB = splitB.next();
        continue;
      }
      const run = Math.min(tokensA.length - atA, tokensB.length - atB);
      for (let index = 0; index < run; index++) if (tokensA[atA + index] !== tokensB[atB + index]) return common + index;
      common += run;
      atA += run;
      atB += run;
    }
  }

  /** A pre-token's tokens: a long piece's remembered ranks as they are, any other written into `scratch`. */
  #pieceTokens(text: string, start: number, end: number, scratch: number[]): ArrayLike<number> {
    if (this.#isLong(end - start)) {
      const cached = this.#longPieces.get(text.slice(start, end));
      if (cached !== undefined) return cached;
    }
    scratch.length = 0;
    this.#piece(text, start, end, scratch);
    return scratch;
  }

  /**
   * True for a piece of `chars` chars longer than any token has bytes (bytes ≥ chars): long, and never
   * a whole token, so it is looked up among the long merges before its bytes are written.
   */
  #isLong(chars: number): boolean {
    return chars > LONG_PIECE_BYTES && chars > this.#table.maxTokenBytes;
  }

  #run(text: string, out: number[] | null): number {
    const split = this.#split;
    split.reset(text);
    let count = 0;
    while (split.next()) count += this.#piece(text, split.start, split.end, out);
    return count;
  }

  #runPair(a: string, b: string, shared: number, outA: number[] | null, outB: number[] | null): PairCount {
    const splitA = this.#split;
    const splitB = this.#otherSplit;
    splitA.reset(a);
    splitB.reset(b);
    let countA = 0;
    let countB = 0;
    let commonEnd = 0;
    let hasA = splitA.next();
    let hasB = splitB.next();
    // Same range in both texts, inside the shared stretch: the same string.
    while (hasA && hasB && inStep(splitA, splitB) && splitA.end <= shared) {
      const from = outA ? outA.length : 0;
      const tokens = this.#piece(a, splitA.start, splitA.end, outA);
      if (outA && outB) for (let index = from; index < outA.length; index++) outB.push(outA[index]!);
      countA += tokens;
      countB += tokens;
      commonEnd = splitA.end;
      hasA = splitA.next();
      hasB = splitB.next();
    }
    const commonTokens = countA;
    for (; hasA; hasA = splitA.next()) countA += this.#piece(a, splitA.start, splitA.end, outA);
    for (; hasB; hasB = splitB.next()) countB += this.#piece(b, splitB.start, splitB.end, outB);
    return { a: countA, b: countB, commonEnd, commonTokens };
  }

  /**
   * Merges the pre-token `text[start, end)`, appending its tokens to `out` when given; returns how
   * many there are. The piece is read from the text where it lies: no string is made of it unless it
   * is long (the key of the long merges).
   */
  #piece(text: string, start: number, end: number, out: number[] | null): number {
    const table = this.#table;
    // A long piece is looked up before its bytes are written, which on a warm 2 MB run cost more
    // than the rest of the lookup.
    let piece: string | undefined;
    if (this.#isLong(end - start)) {
      piece = text.slice(start, end);
      const cached = this.#longPieces.get(piece);
      if (cached !== undefined) return this.#emit(cached, out);
    }
    const length = this.#toBytes(text, start, end);
    const bytes = this.#bytes;
    // The whole piece first, as gpt-tokenizer does: a token that merging would not reach still wins
    // there (a merge list only takes the tokens merging reaches: `wholeRank`).
    // A piece with a lone surrogate is never a token of the library's (its UTF-8 bytes say U+FFFD).
    const whole = length <= table.maxTokenBytes && (length === end - start || wellFormed(text, start, end)) ? table.wholeRank(bytes, 0, length) : -1;
    if (whole >= 0) {
      out?.push(whole);
      return 1;
    }
    if (length <= SHORT_MERGE_BYTES) return this.#shortMerge(length, out);
    if (length <= LONG_PIECE_BYTES) return this.#scanMerge(length, out, null);
    piece ??= text.slice(start, end);
    return this.#emit(this.#longPieces.get(piece) ?? this.#mergeLong(piece, length), out);
  }

  /** Appends a long piece's merged tokens to `out` when given; returns how many there are. */
  #emit(ranks: Int32Array, out: number[] | null): number {
    if (out) for (let index = 0; index < ranks.length; index++) out.push(ranks[index]!);
    return ranks.length;
  }

  /** Merges a long piece whose bytes are in the scratch buffer, and remembers its ranks. */
  #mergeLong(piece: string, length: number): Int32Array {
    const table = this.#table;
    let ranks: Int32Array;
    if (this.#longPieceMerge) {
      ranks = Int32Array.from(
        this.#longPieceMerge(this.#bytes.slice(0, length), (part) => {
          const rank = table.rank(part, 0, part.length);
          return rank < 0 ? undefined : rank;
        }),
      );
    } else {
      const merged: number[] = [];
      bucketMergeRange(this.#bytes, 0, length, table, merged);
      ranks = Int32Array.from(merged);
    }
    if (piece.length <= CACHED_CHARS) {
      // Oldest first out, by both bounds.
      for (const [key] of this.#longPieces) {
        if (this.#longPieces.size < CACHED_PIECES && this.#cachedChars + piece.length <= CACHED_CHARS) break;
        this.#longPieces.delete(key);
        this.#cachedChars -= key.length;
      }
      // The piece is a slice of the text being encoded: keep a copy, not the whole text.
      this.#longPieces.set(detached(piece), ranks);
      this.#cachedChars += piece.length;
    }
    return ranks;
  }

  /** Writes the UTF-8 bytes of `text[start, end)` (lone surrogates as U+FFFD, like TextEncoder) to the scratch buffer; returns their length. */
  #toBytes(text: string, start: number, end: number): number {
    const length = end - start;
    if (this.#bytes.length < length * 3) this.#bytes = new Uint8Array(length * 3);
    const bytes = this.#bytes;
    for (let index = 0; index < length; index++) {
      const code = text.charCodeAt(start + index);
      if (code >= 0x80) return this.#utf8.encodeInto(text.slice(start, end), bytes).written;
      bytes[index] = code;
    }
    return length;
  }

  /** Merges a short piece whose bytes are in the scratch buffer, or reads its tokens from the last time. */
  #shortMerge(length: number, out: number[] | null): number {
    const cache = this.#shortMerges;
    const bytes = this.#bytes;
    const slot = cache.slotOf(bytes, length);
    const count = cache.read(slot, bytes, length, out);
    if (count >= 0) return count;
    const parts = this.#scanMerge(length, out, this.#shortRanks);
    cache.write(slot, bytes, length, this.#shortRanks, parts);
    return parts;
  }

  /**
   * The reference merge, for short pieces: scan all pairs for the lowest rank, merge the leftmost
   * such pair, re-rank its neighbours. Same procedure as the library's, on ranges of the scratch
   * buffer. The tokens go to `out` and to `keep` when given.
   */
  #scanMerge(length: number, out: number[] | null, keep: Int32Array | null): number {
    const bytes = this.#bytes;
    const table = this.#table;
    const starts = this.#starts;
    const pairRanks = this.#pairRanks;
    let parts = length;
    for (let index = 0; index <= length; index++) starts[index] = index;
    for (let index = 0; index < length - 1; index++) pairRanks[index] = pairRank(table, bytes, starts, parts, index);
    while (parts > 1) {
      let lowest = NONE;
      let at = -1;
      for (let index = 0; index < parts - 1; index++) {
        if (pairRanks[index]! < lowest) {
          lowest = pairRanks[index]!;
          at = index;
        }
      }
      if (at < 0) break;
      starts.copyWithin(at + 1, at + 2, parts + 1);
      pairRanks.copyWithin(at, at + 1, parts - 1);
      parts--;
      pairRanks[at] = pairRank(table, bytes, starts, parts, at);
      if (at > 0) pairRanks[at - 1] = pairRank(table, bytes, starts, parts, at - 1);
    }
    if (out || keep) {
      for (let index = 0; index < parts; index++) {
        const rank = table.rank(bytes, starts[index]!, starts[index + 1]!);
        if (rank < 0) throw new Error(`byte sequence at ${starts[index]} of a ${length}-byte piece has no token rank`);
        out?.push(rank);
        if (keep) keep[index] = rank;
      }
    }
    return parts;
  }
}
