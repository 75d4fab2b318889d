/*
 * Why blocks: each request of a long log repeats what the one before it held (its spans, its token
 * ends) and adds a little. One array per request would hold (requests × history) values. Here a list
 * is its values cut in blocks of BLOCK: a list built after an earlier one reuses every whole leading
 * block the two have in common (the same values in the same places) and copies only the rest, so a
 * request costs about history / BLOCK + BLOCK slots, and reading by index stays O(1). 64 keeps both
 * terms small for histories of a few thousand values.
 */
const BLOCK = 64;
const SHIFT = 6;

/** A read-only list whose leading blocks are shared with the list it was built after. */
export class BlockList<T> implements Iterable<T> {
  readonly length: number;
  readonly #blocks: readonly (readonly T[])[];

  protected constructor(blocks: readonly (readonly T[])[], length: number) {
    this.#blocks = blocks;
    this.length = length;
  }

  /** `values` as a list that shares every whole leading block `previous` has with the same values in the same places. */
  static of<T>(previous: BlockList<T> | undefined, values: readonly T[]): BlockList<T> {
    return new BlockList(BlockList.blocksAfter(previous, values), values.length);
  }

  protected static blocksAfter<T>(previous: BlockList<T> | undefined, values: readonly T[]): (readonly T[])[] {
    const blocks: (readonly T[])[] = [];
    for (const block of previous === undefined ? [] : previous.#blocks) {
      const start = blocks.length * BLOCK;
      if (block.length !== BLOCK || start + BLOCK > values.length || !block.every((value, offset) => value === values[start + offset])) break;
      blocks.push(block);
    }
    for (let start = blocks.length * BLOCK; start < values.length; start += BLOCK) blocks.push(values.slice(start, start + BLOCK));
    return blocks;
  }

  /**
   * The blocks of a list whose first `same` values are `previous`'s first `same` values, followed by
   * `added`: the whole blocks among those are shared without being read, so a list that repeats a
   * long history costs history / BLOCK pointers and its new values.
   */
  protected static blocksExtending<T>(previous: BlockList<T>, same: number, added: readonly T[]): (readonly T[])[] {
    if (same > previous.length) throw new RangeError(`blocksExtending: ${same} values kept of a list of ${previous.length}`);
    const whole = same >> SHIFT;
    const blocks: (readonly T[])[] = previous.#blocks.slice(0, whole);
    const rest = (previous.#blocks[whole] ?? []).slice(0, same - whole * BLOCK).concat(added);
    for (let start = 0; start < rest.length; start += BLOCK) blocks.push(rest.slice(start, start + BLOCK));
    return blocks;
  }

  /** Like `Array.prototype.at`: a negative index counts from the end. */
  at(index: number): T | undefined {
    const position = Math.trunc(index) < 0 ? Math.trunc(index) + this.length : Math.trunc(index);
    if (!(position >= 0 && position < this.length)) return undefined;
    return this.#blocks[position >> SHIFT]?.[position & (BLOCK - 1)];
  }

  *[Symbol.iterator](): Iterator<T> {
    for (const block of this.#blocks) yield* block;
  }

  /** JSON writes the list as the array of its values. */
  toJSON(): T[] {
    return [...this];
  }
}
