/**
 * Byte-pair merging in O(n log n), for long pre-tokens.
 *
 * gpt-tokenizer merges a pre-token the way tiktoken's reference does: repeatedly scan every
 * adjacent pair for the lowest rank, merge the leftmost such pair, re-rank its two neighbours. That
 * is O(n²) in the pre-token's length; a single long pre-token (a run of 100k letters, a CJK text
 * with no punctuation) takes seconds to minutes (shared/PACKAGES.md: 64k CJK characters, ~11 s).
 * This is the same procedure with a binary heap and a linked list: the heap yields the lowest rank,
 * ties broken by the leftmost start, exactly the pair the scan would pick, so the tokens are the same.
 */

/** Looks up the rank of a byte sequence; undefined when it is not a token. */
export type RankOf = (bytes: Uint8Array) => number | undefined;

interface HeapEntry {
  rank: number;
  /** Start offset of the left part of the pair; also the tie-breaker (leftmost first). */
  start: number;
  /** The left part's version when this entry was pushed; stale entries are skipped. */
  version: number;
}

function less(a: HeapEntry, b: HeapEntry): boolean {
  return a.rank < b.rank || (a.rank === b.rank && a.start < b.start);
}

class MinHeap {
  readonly #items: HeapEntry[] = [];

  push(entry: HeapEntry): void {
    const items = this.#items;
    items.push(entry);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!less(items[index]!, items[parent]!)) break;
      [items[index], items[parent]] = [items[parent]!, items[index]!];
      index = parent;
    }
  }

  pop(): HeapEntry | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    let index = 0;
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let smallest = index;
      if (left < items.length && less(items[left]!, items[smallest]!)) smallest = left;
      if (right < items.length && less(items[right]!, items[smallest]!)) smallest = right;
      if (smallest === index) break;
      [items[index], items[smallest]] = [items[smallest]!, items[index]!];
      index = smallest;
    }
    return top;
  }
}

/**
 * The token ranks of one pre-token's bytes after byte-pair merging. Throws when a final part has no
 * rank (impossible for a complete byte-level vocabulary, where every single byte is a token).
 */
export function heapBytePairMerge(piece: Uint8Array, rankOf: RankOf): number[] {
  const length = piece.length;
  if (length === 0) return [];
  // Parts are identified by their start offset; `next`/`previous` link the live parts.
  const next = new Int32Array(length + 1);
  const previous = new Int32Array(length + 1);
  const version = new Int32Array(length + 1);
  const alive = new Uint8Array(length + 1);
  for (let index = 0; index <= length; index++) {
    next[index] = index + 1;
    previous[index] = index - 1;
    alive[index] = 1;
  }
  const heap = new MinHeap();
  const pushPair = (start: number): void => {
    const middle = next[start]!;
    if (middle >= length) return;
    const end = next[middle]!;
    const rank = rankOf(piece.subarray(start, end));
    if (rank !== undefined) heap.push({ rank, start, version: version[start]! });
  };
  for (let start = 0; start < length - 1; start++) pushPair(start);

  for (let entry = heap.pop(); entry !== undefined; entry = heap.pop()) {
    const { start } = entry;
    if (!alive[start] || entry.version !== version[start]) continue;
    // Merge the part at `start` with the part after it.
    const removed = next[start]!;
    alive[removed] = 0;
    next[start] = next[removed]!;
    previous[next[removed]!] = start;
    version[start]! += 1;
    pushPair(start);
    const before = previous[start]!;
    if (before >= 0) {
      version[before]! += 1;
      pushPair(before);
    }
  }

  const ranks: number[] = [];
  for (let start = 0; start < length; start = next[start]!) {
    const rank = rankOf(piece.subarray(start, next[start]!));
    if (rank === undefined) throw new Error(`byte sequence at ${start} of a ${length}-byte piece has no token rank`);
    ranks.push(rank);
  }
  return ranks;
}
