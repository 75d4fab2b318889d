const NONE = -1;
const INITIAL_SLOTS = 1024;

/**
 * Blocks in least-recently-used order: a doubly linked list over parallel typed arrays, with a Map
 * from block id to slot. A use unlinks the block and relinks it at the most-recent end without
 * touching the Map. (A Map alone, deleting and re-inserting on every use, is simpler but slow:
 * V8 leaves a hole for every delete, and each scan from the front steps over them all again —
 * 1.4 s instead of tens of ms on the Mooncake conversation trace.)
 */
export class LruBlockList {
  readonly #slotOf = new Map<number, number>();
  #ids = new Float64Array(INITIAL_SLOTS);
  #lastUse = new Float64Array(INITIAL_SLOTS);
  #previous = new Int32Array(INITIAL_SLOTS);
  #next = new Int32Array(INITIAL_SLOTS);
  #free: number[] = [];
  #used = 0;
  #oldest = NONE;
  #newest = NONE;

  get size(): number {
    return this.#slotOf.size;
  }

  /** When the block was last used (ms), or undefined when it is not held. */
  lastUse(id: number): number | undefined {
    const slot = this.#slotOf.get(id);
    return slot === undefined ? undefined : this.#lastUse[slot];
  }

  /** Last use of the least recently used block (ms); +Infinity when empty. */
  oldestUse(): number {
    return this.#oldest === NONE ? Number.POSITIVE_INFINITY : this.#lastUse[this.#oldest]!;
  }

  /** Marks a block used at `time`, adding it when it is not held: it becomes the most recently used. */
  use(id: number, time: number): void {
    let slot = this.#slotOf.get(id);
    if (slot === undefined) {
      slot = this.#allocate();
      this.#slotOf.set(id, slot);
      this.#ids[slot] = id;
    } else {
      if (slot === this.#newest) {
        this.#lastUse[slot] = time;
        return;
      }
      this.#unlink(slot);
    }
    this.#lastUse[slot] = time;
    this.#previous[slot] = this.#newest;
    this.#next[slot] = NONE;
    if (this.#newest !== NONE) this.#next[this.#newest] = slot;
    this.#newest = slot;
    if (this.#oldest === NONE) this.#oldest = slot;
  }

  /** Drops the least recently used block; false when empty. */
  dropOldest(): boolean {
    const slot = this.#oldest;
    if (slot === NONE) return false;
    this.#unlink(slot);
    this.#slotOf.delete(this.#ids[slot]!);
    this.#free.push(slot);
    return true;
  }

  #unlink(slot: number): void {
    const previous = this.#previous[slot]!;
    const next = this.#next[slot]!;
    if (previous === NONE) this.#oldest = next;
    else this.#next[previous] = next;
    if (next === NONE) this.#newest = previous;
    else this.#previous[next] = previous;
  }

  #allocate(): number {
    const reused = this.#free.pop();
    if (reused !== undefined) return reused;
    if (this.#used === this.#ids.length) this.#grow();
    return this.#used++;
  }

  #grow(): void {
    const length = this.#ids.length * 2;
    const grown = <T extends Float64Array | Int32Array>(array: T, make: (length: number) => T): T => {
      const copy = make(length);
      copy.set(array);
      return copy;
    };
    this.#ids = grown(this.#ids, (n) => new Float64Array(n));
    this.#lastUse = grown(this.#lastUse, (n) => new Float64Array(n));
    this.#previous = grown(this.#previous, (n) => new Int32Array(n));
    this.#next = grown(this.#next, (n) => new Int32Array(n));
  }
}
