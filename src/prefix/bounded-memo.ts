import { UsageError } from './errors.js';

/**
 * A Map that forgets its oldest entries beyond a fixed size. Token memos live as long as a host
 * process does; without a bound, every distinct segment and prefix ever compared would stay in
 * memory. Eviction is by insertion order (Map iteration order), which is enough here: an evicted
 * entry is recomputed exactly on its next use, only slower.
 */
export class BoundedMemo<K, V> {
  readonly #entries = new Map<K, V>();
  readonly limit: number;

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError('usage/memo-limit', `memo limit must be a positive integer, got ${limit}`);
    this.limit = limit;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  set(key: K, value: V): void {
    if (!this.#entries.has(key) && this.#entries.size >= this.limit) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
  }

  clear(): void {
    this.#entries.clear();
  }
}
