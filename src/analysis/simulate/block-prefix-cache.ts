import { LruBlockList } from './lru-block-list.js';

/** Limits of a block prefix cache; absent means unlimited. */
export interface BlockCacheLimits {
  /** Most blocks held at once; the least recently used are evicted beyond it. */
  readonly capacityBlocks?: number;
  /** A block unused for this long is dropped (milliseconds, measured from its last store or hit). */
  readonly ttlMs?: number;
}

/** What the leading run of a request found in the cache. */
export interface LeadingHit {
  readonly blocks: number;
  /** When the least recently used block of the run was last used (ms); null when nothing hit. */
  readonly oldestUse: number | null;
}

/**
 * A prefix cache of blocks keyed by hash id, with LRU eviction and a TTL, as an inference engine
 * keeps KV blocks (vLLM's prefix cache, Mooncake's store). With arrival times that never decrease,
 * the least recently used block is also the one last used longest ago, so expiry and eviction both
 * take from the old end of one LRU list, and every operation is O(1) amortised.
 */
export class BlockPrefixCache {
  readonly #blocks = new LruBlockList();
  readonly #capacity: number;
  readonly #ttlMs: number;
  #now = Number.NEGATIVE_INFINITY;
  #evicted = 0;
  #expired = 0;
  #peak = 0;

  constructor(limits: BlockCacheLimits = {}) {
    this.#capacity = limits.capacityBlocks ?? Number.POSITIVE_INFINITY;
    this.#ttlMs = limits.ttlMs ?? Number.POSITIVE_INFINITY;
  }

  /** Blocks dropped to stay within capacity so far. */
  get evictedBlocks(): number {
    return this.#evicted;
  }

  /** Blocks dropped because they went unused for the TTL so far. */
  get expiredBlocks(): number {
    return this.#expired;
  }

  /** Most blocks held at once so far. */
  get peakBlocks(): number {
    return this.#peak;
  }

  /** Blocks held now. */
  get size(): number {
    return this.#blocks.size;
  }

  /** Moves the clock to `now` (ms) and drops every block whose TTL has run out; time never goes back. */
  advanceTo(now: number): void {
    if (now < this.#now) throw new RangeError(`time went back from ${this.#now} to ${now} ms: replay requests in arrival order`);
    this.#now = now;
    while (now - this.#blocks.oldestUse() >= this.#ttlMs) {
      this.#blocks.dropOldest();
      this.#expired++;
    }
  }

  /** The leading run of `ids` the cache holds now: a prefix cache stops at the first missing block. */
  leadingHit(ids: readonly number[]): LeadingHit {
    let blocks = 0;
    let oldestUse: number | null = null;
    for (const id of ids) {
      const used = this.#blocks.lastUse(id);
      if (used === undefined) break;
      blocks++;
      if (oldestUse === null || used < oldestUse) oldestUse = used;
    }
    return { blocks, oldestUse };
  }

  /**
   * Stores or refreshes every block of a request at the current time, then evicts the least recently
   * used blocks while over capacity. The blocks are used last to first, so that within one request
   * the head counts as the most recently used: a tail block is worthless without the blocks before
   * it, so it should go first (vLLM frees a request's blocks in reverse order for this reason).
   */
  store(ids: readonly number[]): void {
    for (let index = ids.length - 1; index >= 0; index--) this.#blocks.use(ids[index]!, this.#now);
    while (this.#blocks.size > this.#capacity) {
      this.#blocks.dropOldest();
      this.#evicted++;
    }
    if (this.#blocks.size > this.#peak) this.#peak = this.#blocks.size;
  }
}
