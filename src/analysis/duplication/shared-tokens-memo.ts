import { comparePrefix, PrefixTokenCounter, type PrefixRequest } from '../../prefix/index.js';

/** The identity of a whole request: its route and its last segment's chained hash (which covers every byte before it). */
function requestKey(request: PrefixRequest): string {
  const last = request.segments.at(-1);
  return last === undefined ? `empty:${request.route.provider}/${request.route.model}/${request.route.salt ?? ''}` : last.prefixHash.toString(36);
}

/**
 * Leading tokens two requests share, memoised by the pair. A fan-out compares every child with
 * every earlier request — N²/2 comparisons — and each comparison tokenizes the text around its
 * divergence (up to the next token anchor, which inside a long task can be kilobytes away). A host
 * that re-analyses a growing fan-out asks for the same pairs again; a pair's answer depends only on
 * the two requests' bytes, which the last prefix hashes identify. Bounded: when full it starts over.
 */
export class SharedTokensMemo {
  readonly counter: PrefixTokenCounter;
  readonly #memo = new Map<string, number>();
  readonly #limit: number;

  constructor(counter: PrefixTokenCounter = new PrefixTokenCounter(), options: { readonly limit?: number } = {}) {
    this.counter = counter;
    this.#limit = options.limit ?? 100_000;
  }

  /** Pairs remembered now. */
  get size(): number {
    return this.#memo.size;
  }

  /** Leading tokens `earlier` and `later` share, exactly as `comparePrefix` counts them. */
  sharedTokens(earlier: PrefixRequest, later: PrefixRequest): number {
    const key = `${requestKey(earlier)}>${requestKey(later)}`;
    const known = this.#memo.get(key);
    if (known !== undefined) return known;
    const shared = comparePrefix(earlier, later, { counter: this.counter }).commonPrefix.tokens;
    if (this.#memo.size >= this.#limit) this.#memo.clear();
    this.#memo.set(key, shared);
    return shared;
  }
}
