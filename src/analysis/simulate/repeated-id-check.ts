/**
 * Finds an id that appears twice in one request's block ids, without allocating per request: an
 * open-addressing table of ids whose slots are stamped with the request they belong to, so that
 * starting the next request is one increment, not a clear. A `Set` cleared per request rebuilt its
 * table on every request and grew it again as ids were added; over 600k requests that garbage
 * outlived young-generation collections and raised a streamed replay's peak RSS by about 40 MiB.
 */
export class RepeatedIdCheck {
  #ids = new Float64Array(256);
  #stamps = new Uint32Array(256);
  #stamp = 0;

  /** The first id of `ids` that appears earlier in `ids`, or undefined when every id is distinct. */
  firstRepeated(ids: readonly number[]): number | undefined {
    if (ids.length * 2 > this.#ids.length) this.#grow(ids.length * 2);
    if (++this.#stamp === 0xffffffff) this.#restamp();
    const stamp = this.#stamp;
    const slots = this.#ids;
    const stamps = this.#stamps;
    const mask = slots.length - 1;
    for (const id of ids) {
      // Ids are non-negative integers (checked when the line is parsed): mix their low and high halves.
      let slot = (Math.imul(id | 0, 0x9e3779b1) ^ ((id / 0x100000000) | 0)) & mask;
      for (; stamps[slot] === stamp; slot = (slot + 1) & mask) if (slots[slot] === id) return id;
      stamps[slot] = stamp;
      slots[slot] = id;
    }
    return undefined;
  }

  #grow(least: number): void {
    let length = this.#ids.length;
    while (length < least) length *= 2;
    this.#ids = new Float64Array(length);
    this.#stamps = new Uint32Array(length);
    this.#stamp = 0;
  }

  #restamp(): void {
    this.#stamps.fill(0);
    this.#stamp = 1;
  }
}
