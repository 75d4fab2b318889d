/**
 * Byte-pair merging in O(n log n), for long pre-tokens.
 *
 * gpt-tokenizer merges a pre-token the way tiktoken's reference does: repeatedly scan every
 * adjacent pair for the lowest rank, merge the leftmost such pair, re-rank its two neighbours. That
 * is O(n²) in the pre-token's length; a single long pre-token (a run of 100k letters, a CJK text
 * with no punctuation) takes seconds to minutes (shared/PACKAGES.md: 64k CJK characters, ~11 s).
 * This is the same procedure with a binary heap and a linked list: the heap yields the lowest rank,
 * ties broken by the leftmost start, exactly the pair the scan would pick, so the tokens are the same.
 *
 * Everything lives in typed arrays and the heap is indexed (each part sits in it at most once and is
 * moved when its pair's rank changes): a 2 MB run of one letter is 2 million parts, and a heap of
 * objects with stale entries took gigabytes and tens of seconds there.
 */

/** Looks up the rank of a byte sequence; undefined when it is not a token. */
export type RankOf = (bytes: Uint8Array) => number | undefined;

/** Looks up the rank of `bytes[start, end)`; -1 when it is not a token (`ByteRankTable` is one). */
export interface RangeRanks {
  rank(bytes: Uint8Array, start: number, end: number): number;
  /** Rank of part `[start, middle)` merged with part `[middle, end)`; -1 when they do not merge. */
  pairRank(bytes: Uint8Array, start: number, middle: number, end: number): number;
}

/**
 * The token ranks of one pre-token's bytes after byte-pair merging. Throws when a final part has no
 * rank (impossible for a complete byte-level vocabulary, where every single byte is a token).
 */
export function heapBytePairMerge(piece: Uint8Array, rankOf: RankOf): number[] {
  const ranks: number[] = [];
  const rank = (bytes: Uint8Array, start: number, end: number) => rankOf(bytes.subarray(start, end)) ?? -1;
  const table: RangeRanks = { rank, pairRank: (bytes, start, _middle, end) => rank(bytes, start, end) };
  heapMergeRange(piece, 0, piece.length, table, ranks);
  return ranks;
}

/** Pair rank of a part without a pair (the last part, or a pair that is not a token). */
const NONE = 0x7fffffff;

/**
 * The parts of one pre-token and an indexed min-heap of them by their pair's rank, ties broken by
 * the leftmost start. All integers in typed arrays and methods on one class, so that the hot loop of
 * a 2 MB pre-token neither allocates nor boxes: a heap of objects with stale entries took gigabytes.
 */
class PartHeap {
  /** Start of the next live part (`length` past the last one). */
  readonly next: Int32Array;
  readonly previous: Int32Array;
  /** Rank of each part joined with the next part, NONE when that is not a token. */
  readonly pairRanks: Int32Array;
  readonly heap: Int32Array;
  /** Index of each part in `heap`, -1 when not in it. */
  readonly position: Int32Array;
  size = 0;

  constructor(length: number) {
    this.next = new Int32Array(length + 1);
    this.previous = new Int32Array(length + 1);
    this.pairRanks = new Int32Array(length + 1).fill(NONE);
    this.heap = new Int32Array(length);
    this.position = new Int32Array(length + 1).fill(-1);
  }

  less(a: number, b: number): boolean {
    const rankA = this.pairRanks[a]!;
    const rankB = this.pairRanks[b]!;
    return rankA < rankB || (rankA === rankB && a < b);
  }

  siftUp(index: number): void {
    const heap = this.heap;
    const part = heap[index]!;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      const above = heap[parent]!;
      if (!this.less(part, above)) break;
      heap[index] = above;
      this.position[above] = index;
      index = parent;
    }
    heap[index] = part;
    this.position[part] = index;
  }

  siftDown(index: number): void {
    const heap = this.heap;
    const size = this.size;
    const part = heap[index]!;
    for (;;) {
      let child = index * 2 + 1;
      if (child >= size) break;
      if (child + 1 < size && this.less(heap[child + 1]!, heap[child]!)) child++;
      const below = heap[child]!;
      if (!this.less(below, part)) break;
      heap[index] = below;
      this.position[below] = index;
      index = child;
    }
    heap[index] = part;
    this.position[part] = index;
  }

  remove(part: number): void {
    const index = this.position[part]!;
    if (index < 0) return;
    this.position[part] = -1;
    this.size--;
    if (index === this.size) return;
    const moved = this.heap[this.size]!;
    this.heap[index] = moved;
    this.position[moved] = index;
    this.siftDown(index);
    this.siftUp(this.position[moved]!);
  }

  /** Sets a part's pair rank and moves it in (or out of) the heap. */
  rerank(part: number, rank: number): void {
    const old = this.pairRanks[part]!;
    this.pairRanks[part] = rank;
    if (rank === NONE) return this.remove(part);
    const index = this.position[part]!;
    if (index < 0) {
      this.heap[this.size] = part;
      this.size++;
      this.siftUp(this.size - 1);
    } else if (rank < old) {
      this.siftUp(index);
    } else if (rank > old) {
      this.siftDown(index);
    }
  }
}

/** Rank of the part at `start` joined with the next part, NONE when there is none or it is not a token. */
function pairRank(parts: PartHeap, bytes: Uint8Array, from: number, length: number, table: RangeRanks, start: number): number {
  const middle = parts.next[start]!;
  if (middle >= length) return NONE;
  const rank = table.pairRank(bytes, from + start, from + middle, from + parts.next[middle]!);
  return rank < 0 ? NONE : rank;
}

/**
 * Merges `bytes[from, to)` and appends its token ranks to `out` (when given); returns how many there
 * are. Parts are identified by their start offset relative to `from`.
 */
export function heapMergeRange(bytes: Uint8Array, from: number, to: number, table: RangeRanks, out: number[] | null): number {
  const length = to - from;
  if (length === 0) return 0;
  const parts = new PartHeap(length);
  const { next, previous, pairRanks, heap, position } = parts;
  for (let start = 0; start <= length; start++) {
    next[start] = start + 1;
    previous[start] = start - 1;
  }
  let size = 0;
  for (let start = 0; start < length; start++) {
    const rank = pairRank(parts, bytes, from, length, table, start);
    pairRanks[start] = rank;
    if (rank !== NONE) {
      heap[size] = start;
      position[start] = size++;
    }
  }
  parts.size = size;
  for (let index = (size >> 1) - 1; index >= 0; index--) parts.siftDown(index);

  while (parts.size > 0) {
    // Merge the part with the lowest pair and the part after it.
    const start = heap[0]!;
    const removed = next[start]!;
    parts.remove(removed);
    const after = next[removed]!;
    next[start] = after;
    if (after <= length) previous[after] = start;
    parts.rerank(start, pairRank(parts, bytes, from, length, table, start));
    const left = previous[start]!;
    if (left >= 0) parts.rerank(left, pairRank(parts, bytes, from, length, table, left));
  }

  let count = 0;
  for (let start = 0; start < length; start = next[start]!) {
    if (out) {
      const rank = table.rank(bytes, from + start, from + next[start]!);
      if (rank < 0) throw new Error(`byte sequence at ${start} of a ${length}-byte piece has no token rank`);
      out.push(rank);
    }
    count++;
  }
  return count;
}
