/**
 * The ranks of a byte-pair vocabulary, looked up by a range of bytes without making a string or a
 * sub-array. gpt-tokenizer looks up every candidate pair by decoding its bytes to a string (after a
 * UTF-8 validity scan) and hashing that string in a Map of 200k entries: on random base64 that lookup
 * was most of the time (about 0.5 µs per piece). Here the token bytes sit in one pool and an
 * open-addressing table of FNV-1a hashes points into it, so a lookup is one hash over at most
 * `maxTokenBytes` bytes and one compare.
 */

/** Rank entries as gpt-tokenizer ships them: the token's text when it is valid UTF-8, else its bytes. */
export type RankEntries = readonly (string | readonly number[] | undefined)[];

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;

/** The arrays a table is made of (what `rank-table-file.ts` stores, so a vocabulary loads in milliseconds). */
export interface ByteRankParts {
  /** Every token's bytes, in rank order. */
  readonly pool: Uint8Array;
  /** Where rank r's bytes start in the pool; rank r's bytes end where rank r+1's start (length ranks + 1). */
  readonly starts: Int32Array;
  /** Open-addressing slots of FNV-1a hashes: rank + 1, 0 for an empty slot (length a power of two). */
  readonly slots: Int32Array;
  /**
   * Only for a vocabulary given as a merge list (Hugging Face BPE): each rank's left part length in
   * bytes, 0 for a token no merge makes (a single byte). See `MergeRules`.
   */
  readonly lefts?: Uint8Array;
  /** With `lefts`: 1 where merging the token's own bytes gives the token back, else 0. */
  readonly wholes?: Uint8Array;
  /**
   * One value: the longest token's length in bytes. Stored with the table because finding it again
   * walks every rank, which took about 50 ms of each cold load of a 128k-token table.
   */
  readonly longest?: Int32Array;
}

/**
 * The merge list of a Hugging Face BPE vocabulary, as byte lengths: the ranks are the merged
 * tokens' ids, in merge order. Such a vocabulary merges the pair `(a, b)` it lists, not any two
 * adjacent parts whose bytes form a token: `Ġ` + `the` is not merged into `Ġthe` when the list
 * makes `Ġthe` from `Ġt` + `he`. Each token is made by one listed merge, so its left part's length
 * tells the listed pair apart from every other split of the same bytes.
 */
export interface MergeRules {
  /** Left part length in bytes of the merge that makes each rank, 0 when none does. */
  readonly lefts: Uint8Array;
}

export class ByteRankTable {
  /** Length of the longest token in bytes: no longer range can be a token. */
  readonly maxTokenBytes: number;
  /** Rank of each single byte (every byte is a token in a byte-level vocabulary), -1 when not. */
  readonly byteRanks: Int32Array;
  readonly #pool: Uint8Array;
  /** Where rank r's bytes start in the pool; rank r's bytes end where rank r+1's start. */
  readonly #starts: Int32Array;
  /** rank + 1 per slot, 0 for an empty slot. */
  readonly #slots: Int32Array;
  readonly #mask: number;
  readonly #lefts: Uint8Array | undefined;
  #wholes: Uint8Array | undefined;

  /** The table of a vocabulary as gpt-tokenizer ships it (about 0.2 s for o200k: see `rank-table-file.ts`). */
  static fromEntries(entries: RankEntries, merges?: MergeRules): ByteRankTable {
    const encoder = new TextEncoder();
    const bytesOf = entries.map((entry) => (entry === undefined ? new Uint8Array(0) : typeof entry === 'string' ? encoder.encode(entry) : Uint8Array.from(entry)));
    const starts = new Int32Array(bytesOf.length + 1);
    let total = 0;
    for (let rank = 0; rank < bytesOf.length; rank++) {
      starts[rank] = total;
      total += bytesOf[rank]!.length;
    }
    starts[bytesOf.length] = total;
    const pool = new Uint8Array(total);
    bytesOf.forEach((bytes, rank) => pool.set(bytes, starts[rank]!));
    let capacity = 1;
    while (capacity < bytesOf.length * 4) capacity *= 2;
    const table = new ByteRankTable({ pool, starts, slots: new Int32Array(capacity), ...(merges ? { lefts: merges.lefts } : {}) });
    for (let rank = 0; rank < bytesOf.length; rank++) {
      if (entries[rank] === undefined) continue;
      // A later rank with the same bytes wins, as in the library's own Map (set in rank order).
      table.#slots[table.#find(pool, starts[rank]!, starts[rank + 1]!)] = rank + 1;
    }
    table.#fillByteRanks();
    return table;
  }

  /** A table over arrays built before (`parts()` of a table built with `fromEntries`). */
  static fromParts(parts: ByteRankParts): ByteRankTable {
    const table = new ByteRankTable(parts);
    table.#fillByteRanks();
    return table;
  }

  private constructor(parts: ByteRankParts) {
    this.#pool = parts.pool;
    this.#starts = parts.starts;
    this.#slots = parts.slots;
    this.#mask = parts.slots.length - 1;
    this.#lefts = parts.lefts;
    this.#wholes = parts.wholes;
    let longest = parts.longest?.[0] ?? -1;
    if (longest < 0) {
      longest = 0;
      for (let rank = 0; rank + 1 < parts.starts.length; rank++) longest = Math.max(longest, parts.starts[rank + 1]! - parts.starts[rank]!);
    }
    this.maxTokenBytes = longest;
    this.byteRanks = new Int32Array(256).fill(-1);
  }

  /** The arrays the table is made of, to store (`rank-table-file.ts`). */
  parts(): ByteRankParts {
    const merges = this.#lefts ? { lefts: this.#lefts, ...(this.#wholes ? { wholes: this.#wholes } : {}) } : {};
    return { pool: this.#pool, starts: this.#starts, slots: this.#slots, longest: Int32Array.of(this.maxTokenBytes), ...merges };
  }

  /**
   * Marks which tokens merging their own bytes gives back (`wholes`), so that a pre-token that is
   * such a token is looked up once instead of merged. `merge` is the table's own merge.
   */
  markWholes(merge: (bytes: Uint8Array) => readonly number[]): void {
    if (!this.#lefts) return;
    const wholes = new Uint8Array(this.#starts.length - 1);
    for (let rank = 0; rank < wholes.length; rank++) {
      const bytes = this.#pool.subarray(this.#starts[rank]!, this.#starts[rank + 1]!);
      if (bytes.length === 0) continue;
      const tokens = merge(bytes);
      wholes[rank] = tokens.length === 1 && tokens[0] === rank ? 1 : 0;
    }
    this.#wholes = wholes;
  }

  /**
   * Rank of the token `bytes[start, end)` when it is a whole pre-token that merging reaches; -1
   * otherwise. In a gpt-tokenizer vocabulary every token is (the library looks the whole piece up
   * first); in a merge list, only those `markWholes` found.
   */
  wholeRank(bytes: Uint8Array, start: number, end: number): number {
    const rank = this.rank(bytes, start, end);
    if (rank < 0 || !this.#lefts) return rank;
    return this.#wholes?.[rank] === 1 ? rank : -1;
  }

  /**
   * Rank of the part `bytes[start, middle)` merged with the part `bytes[middle, end)`, or -1 when
   * they do not merge: their bytes are no token, or (in a merge list) the list makes that token
   * from another pair.
   */
  pairRank(bytes: Uint8Array, start: number, middle: number, end: number): number {
    const rank = this.rank(bytes, start, end);
    if (rank < 0 || !this.#lefts) return rank;
    return this.#lefts[rank] === middle - start ? rank : -1;
  }

  #fillByteRanks(): void {
    const single = new Uint8Array(1);
    for (let byte = 0; byte < 256; byte++) {
      single[0] = byte;
      this.byteRanks[byte] = this.rank(single, 0, 1);
    }
  }

  /** How many bytes the token of rank `rank` holds. */
  byteLength(rank: number): number {
    return this.#starts[rank + 1]! - this.#starts[rank]!;
  }

  /** Rank of the token whose bytes are `bytes[start, end)`, or -1 when they are not a token. */
  rank(bytes: Uint8Array, start: number, end: number): number {
    if (end - start > this.maxTokenBytes || end <= start) return -1;
    return this.#slots[this.#find(bytes, start, end)]! - 1;
  }

  /** The slot holding `bytes[start, end)`, or the empty slot where it would go. */
  #find(bytes: Uint8Array, start: number, end: number): number {
    let hash = FNV_OFFSET;
    for (let index = start; index < end; index++) hash = Math.imul(hash ^ bytes[index]!, FNV_PRIME);
    const slots = this.#slots;
    const pool = this.#pool;
    const starts = this.#starts;
    const length = end - start;
    for (let slot = hash & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const held = slots[slot]! - 1;
      if (held < 0) return slot;
      const from = starts[held]!;
      if (starts[held + 1]! - from !== length) continue;
      let index = 0;
      while (index < length && pool[from + index] === bytes[start + index]) index++;
      if (index === length) return slot;
    }
  }
}
