/**
 * Merged tokens of short pre-tokens that are not whole tokens, by their bytes.
 *
 * Code, JSON and logs repeat the same few thousand such pieces (`_id`, `":"`, `camelCase` names),
 * and the reference merge of one looks up every adjacent pair again each time (about a fifth of the
 * time on the corpus transcripts). A direct-mapped table of the last piece per slot answers a repeat
 * with one hash and one compare of at most `SHORT_MERGE_BYTES` bytes; a merge depends on the bytes
 * alone, so a hit is the same tokens. Fixed size (about 640 KB), never growing.
 */

/** Longest piece remembered, in bytes. */
export const SHORT_MERGE_BYTES = 32;

const SLOTS = 4096;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;

export class ShortMergeCache {
  /** Byte length of the piece in each slot, 0 for an empty slot. */
  readonly #lengths = new Int32Array(SLOTS);
  readonly #counts = new Int32Array(SLOTS);
  readonly #bytes = new Uint8Array(SLOTS * SHORT_MERGE_BYTES);
  readonly #tokens = new Int32Array(SLOTS * SHORT_MERGE_BYTES);

  /** The slot for `bytes[0, length)` (1 ≤ length ≤ SHORT_MERGE_BYTES). */
  slotOf(bytes: Uint8Array, length: number): number {
    let hash = FNV_OFFSET;
    for (let index = 0; index < length; index++) hash = Math.imul(hash ^ bytes[index]!, FNV_PRIME);
    return (hash ^ (hash >>> 15)) & (SLOTS - 1);
  }

  /**
   * When `slot` holds `bytes[0, length)`: appends its tokens to `out` (when given) and returns how
   * many there are; otherwise -1.
   */
  read(slot: number, bytes: Uint8Array, length: number, out: number[] | null): number {
    if (this.#lengths[slot] !== length) return -1;
    const at = slot * SHORT_MERGE_BYTES;
    const held = this.#bytes;
    for (let index = 0; index < length; index++) if (held[at + index] !== bytes[index]) return -1;
    const count = this.#counts[slot]!;
    if (out) for (let index = 0; index < count; index++) out.push(this.#tokens[at + index]!);
    return count;
  }

  /** Puts `bytes[0, length)` and its `count` tokens `tokens[0, count)` in `slot` (count ≤ length). */
  write(slot: number, bytes: Uint8Array, length: number, tokens: Int32Array, count: number): void {
    const at = slot * SHORT_MERGE_BYTES;
    this.#bytes.set(bytes.subarray(0, length), at);
    this.#tokens.set(tokens.subarray(0, count), at);
    this.#lengths[slot] = length;
    this.#counts[slot] = count;
  }
}
