/**
 * Values kept in the order of their texts, so that the ones whose text shares the longest leading run
 * of characters with a given text are found by bisection instead of by comparing with each: in
 * sorted order that run only shortens moving away from where the text would go. A prefix index uses
 * it for the segments that follow one shared prefix (thousands of one-shot requests after one system
 * prompt), to bound what any of them can share with a request without visiting them all.
 */
export class SortedTexts<T> {
  readonly #texts: string[] = [];
  readonly #values: T[] = [];
  /** How many texts of each length are held: a proper prefix of a text can only have one of these lengths. */
  readonly #lengths = new Map<number, number>();
  readonly #held = new Set<string>();

  get size(): number {
    return this.#texts.length;
  }

  add(text: string, value: T): void {
    const at = this.#lowerBound(text);
    this.#texts.splice(at, 0, text);
    this.#values.splice(at, 0, value);
    this.#lengths.set(text.length, (this.#lengths.get(text.length) ?? 0) + 1);
    this.#held.add(text);
  }

  /**
   * The values next to where `text` goes, other than `skip`: among them is one whose text shares the
   * most leading characters with `text` of all values but `skip`.
   */
  nearest(text: string, skip: T | undefined): T[] {
    const at = this.#lowerBound(text);
    const found: T[] = [];
    for (let index = at - 1; index >= 0; index--) {
      if (this.#values[index] === skip) continue;
      found.push(this.#values[index]!);
      break;
    }
    for (let index = at; index < this.#values.length; index++) {
      if (this.#values[index] === skip) continue;
      found.push(this.#values[index]!);
      break;
    }
    return found;
  }

  /**
   * Whether a held text is a proper prefix of `text` (such a text sorts before `text` but not always
   * next to it). Undefined when more than `limit` lengths would have to be looked up.
   */
  holdsPrefixOf(text: string, limit: number): boolean | undefined {
    let checks = 0;
    for (const length of this.#lengths.keys()) {
      if (length >= text.length) continue;
      if (++checks > limit) return undefined;
      if (this.#held.has(text.slice(0, length))) return true;
    }
    return false;
  }

  /** The first position whose text is not less than `text`. */
  #lowerBound(text: string): number {
    let low = 0;
    let high = this.#texts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.#texts[middle]! < text) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
