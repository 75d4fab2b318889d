import type { RangeRanks } from './heap-byte-pair-merge.js';

/**
 * Byte-pair merging of long pre-tokens in near-linear time, by rank buckets.
 *
 * The reference merge always takes the pair of lowest rank, the leftmost on a tie. The heap merge
 * (`heap-byte-pair-merge.ts`) finds it in O(log n), but on a 2 MB run of one letter, 2 million
 * merges each sifting through a 2-million-part heap were still 1–3 s. Here pairs wait in one bucket
 * per rank, and the buckets are taken in rank order (a small heap of ranks): a bucket is sorted by
 * start once and then read from left to right, so the pairs of one rank merge leftmost first, as
 * in the reference. A merge only changes the pairs of the merged part and of the part before it,
 * both to the left of every pair still waiting in the bucket:
 *
 * - a new pair of the same rank goes to the front of the bucket (it is the leftmost);
 * - a new pair of a higher rank goes to that rank's bucket;
 * - a new pair of a lower rank (vocabularies allow it) stops the bucket: what is left of it goes
 *   back, and the lower rank is taken first.
 *
 * Entries are never removed, only skipped when their part has died or its pair's rank changed.
 * The pairs merged, and their order, are exactly the reference's, so the tokens are the same
 * (tested against gpt-tokenizer's own merge).
 */

/** Pair rank of a part without a pair (the last part, a pair that is not a token, a merged-away part). */
const NONE = 0x7fffffff;

/** Slots of the per-merge cache of pair ranks by token pair (a power of two). */
const PAIR_CACHE_SLOTS = 4096;

/** Slots of the cache of recently used buckets (a power of two). */
const BUCKET_SLOTS = 256;

/** A min-heap of distinct ranks, each with a bucket of part starts. */
class RankBuckets {
  readonly #buckets = new Map<number, number[]>();
  readonly #ranks: number[] = [];
  // Recently used buckets by rank, direct-mapped: a run adds to a few ranks millions of times, and a
  // Map lookup each was a third of the time.
  readonly #slotRanks = new Int32Array(BUCKET_SLOTS).fill(-1);
  readonly #slotBuckets: number[][] = new Array<number[]>(BUCKET_SLOTS);

  get empty(): boolean {
    return this.#ranks.length === 0;
  }

  add(rank: number, start: number): void {
    const slot = rank & (BUCKET_SLOTS - 1);
    if (this.#slotRanks[slot] === rank) return void this.#slotBuckets[slot]!.push(start);
    let bucket = this.#buckets.get(rank);
    this.#slotRanks[slot] = rank;
    if (bucket) {
      this.#slotBuckets[slot] = bucket;
      return void bucket.push(start);
    }
    bucket = [start];
    this.#slotBuckets[slot] = bucket;
    this.#buckets.set(rank, bucket);
    const ranks = this.#ranks;
    let index = ranks.length;
    ranks.push(rank);
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (ranks[parent]! <= rank) break;
      ranks[index] = ranks[parent]!;
      index = parent;
    }
    ranks[index] = rank;
  }

  /** Removes the lowest rank and returns it with its bucket's starts. */
  take(): { rank: number; starts: number[] } {
    const ranks = this.#ranks;
    const rank = ranks[0]!;
    const last = ranks.pop()!;
    if (ranks.length > 0) {
      let index = 0;
      for (;;) {
        let child = index * 2 + 1;
        if (child >= ranks.length) break;
        if (child + 1 < ranks.length && ranks[child + 1]! < ranks[child]!) child++;
        if (ranks[child]! >= last) break;
        ranks[index] = ranks[child]!;
        index = child;
      }
      ranks[index] = last;
    }
    const starts = this.#buckets.get(rank)!;
    this.#buckets.delete(rank);
    const slot = rank & (BUCKET_SLOTS - 1);
    if (this.#slotRanks[slot] === rank) this.#slotRanks[slot] = -1;
    return { rank, starts };
  }
}

function inOrder(starts: readonly number[]): boolean {
  for (let index = 1; index < starts.length; index++) if (starts[index - 1]! > starts[index]!) return false;
  return true;
}

/**
 * Merges `bytes[from, to)` and appends its token ranks to `out` (when given); returns how many there
 * are. Parts are identified by their start offset relative to `from`.
 */
export function bucketMergeRange(bytes: Uint8Array, from: number, to: number, table: RangeRanks, out: number[] | null): number {
  const length = to - from;
  if (length === 0) return 0;
  const next = new Int32Array(length + 1);
  const previous = new Int32Array(length + 1);
  const pairRanks = new Int32Array(length + 1).fill(NONE);
  // Every part is a token: its rank is the rank of the pair it was merged from.
  const tokens = new Int32Array(length);
  // Pair ranks by the two parts' tokens, direct-mapped: a run has few distinct pairs, and a pair of
  // two 64-space tokens would otherwise hash and compare 128 bytes on every look-up.
  const cachedLeft = new Int32Array(PAIR_CACHE_SLOTS).fill(-1);
  const cachedRight = new Int32Array(PAIR_CACHE_SLOTS);
  const cachedRank = new Int32Array(PAIR_CACHE_SLOTS);
  const pairRank = (start: number): number => {
    const middle = next[start]!;
    if (middle >= length) return NONE;
    const left = tokens[start]!;
    const right = tokens[middle]!;
    const slot = (Math.imul(left, 0x9e3779b1) ^ right) & (PAIR_CACHE_SLOTS - 1);
    if (left >= 0 && right >= 0 && cachedLeft[slot] === left && cachedRight[slot] === right) return cachedRank[slot]!;
    const found = table.pairRank(bytes, from + start, from + middle, from + next[middle]!);
    const rank = found < 0 ? NONE : found;
    if (left >= 0 && right >= 0) {
      cachedLeft[slot] = left;
      cachedRight[slot] = right;
      cachedRank[slot] = rank;
    }
    return rank;
  };
  for (let start = 0; start <= length; start++) {
    next[start] = start + 1;
    previous[start] = start - 1;
  }
  for (let start = 0; start < length; start++) tokens[start] = table.rank(bytes, from + start, from + start + 1);
  const buckets = new RankBuckets();
  for (let start = 0; start < length - 1; start++) {
    const rank = pairRank(start);
    pairRanks[start] = rank;
    if (rank !== NONE) buckets.add(rank, start);
  }

  // Pairs of the current rank that arose while reading its bucket, smallest start last.
  const front: number[] = [];
  while (!buckets.empty) {
    const { rank, starts } = buckets.take();
    // A bucket filled during a left-to-right pass is usually in order already; sorting 2 million
    // starts that are costs more than all their merges.
    const sorted = inOrder(starts) ? starts : Int32Array.from(starts).sort();
    let read = 0;
    front.length = 0;
    while (front.length > 0 || read < sorted.length) {
      const start = front.length > 0 ? front.pop()! : sorted[read++]!;
      if (pairRanks[start] !== rank) continue;
      // Merge the part at `start` with the part after it.
      const removed = next[start]!;
      pairRanks[removed] = NONE;
      tokens[start] = rank;
      const after = next[removed]!;
      next[start] = after;
      if (after <= length) previous[after] = start;
      const left = previous[start]!;
      const merged = pairRank(start);
      pairRanks[start] = merged;
      const before = left >= 0 ? pairRank(left) : NONE;
      if (left >= 0) pairRanks[left] = before;
      // The merged part's pair first, then the one before it, so that the leftmost is on top of `front`.
      let lower = false;
      if (merged !== NONE) {
        if (merged === rank) front.push(start);
        else buckets.add(merged, start);
        lower = merged < rank;
      }
      if (before !== NONE) {
        if (before === rank) front.push(left);
        else buckets.add(before, left);
        lower ||= before < rank;
      }
      if (lower) {
        // A lower rank appeared: it goes first; what is left of this bucket waits in it again.
        for (const part of front) buckets.add(rank, part);
        for (let index = read; index < sorted.length; index++) buckets.add(rank, sorted[index]!);
        break;
      }
    }
  }

  let count = 0;
  for (let start = 0; start < length; start = next[start]!) {
    if (out) {
      if (tokens[start]! < 0) throw new Error(`byte sequence at ${start} of a ${length}-byte piece has no token rank`);
      out.push(tokens[start]!);
    }
    count++;
  }
  return count;
}
