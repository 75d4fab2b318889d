import { LongestPrefixIndex, routeKeyString, type PrefixTokenCounter, type RouteKey } from '../../prefix/index.js';
import type { Earlier, Seen } from '../analyze/wire-sequence.js';

/** Bounds of what a watch keeps, so a long-running host's memory stays flat. */
export interface MemoryBounds {
  /** Routes kept; the least recently used is forgotten first. */
  readonly routes: number;
  /** Earlier requests kept per route; past it, the oldest half is forgotten. */
  readonly requestsPerRoute: number;
}

/** What a route remembers: its earlier requests (as the wire replay keeps them) and how many it has seen. */
export interface RouteHistory extends Earlier {
  readonly key: string;
  /** Requests seen on the route since it was first used (also those forgotten): the next one's index. */
  count: number;
}

/**
 * The earlier requests of each route, least recently used routes forgotten first. A route's
 * longest-prefix index cannot drop one request, so when a route passes its bound the index is
 * rebuilt from the newer half: a rebuild adds each kept request once (a hash walk, no tokenizing),
 * and happens once every `requestsPerRoute / 2` requests.
 */
export class RouteMemory {
  readonly #routes = new Map<string, RouteHistory>();
  readonly #bounds: MemoryBounds;
  readonly #counter: PrefixTokenCounter;

  constructor(bounds: MemoryBounds, counter: PrefixTokenCounter) {
    for (const [name, value] of Object.entries(bounds)) {
      if (!Number.isInteger(value) || value < 1) throw new RangeError(`watch memory bound '${name}' must be a positive integer, got ${value}`);
    }
    this.#bounds = bounds;
    this.#counter = counter;
  }

  /** Routes held now. */
  get size(): number {
    return this.#routes.size;
  }

  /** The route's history (created empty), marked as the most recently used. */
  history(route: RouteKey): RouteHistory {
    const key = routeKeyString(route);
    let history = this.#routes.get(key);
    if (history) this.#routes.delete(key);
    else history = { key, seen: [], index: this.#newIndex(), count: 0 };
    this.#routes.set(key, history);
    while (this.#routes.size > this.#bounds.routes) this.#routes.delete(this.#routes.keys().next().value!);
    return history;
  }

  /** Stores a request as the route's newest earlier request. */
  remember(history: RouteHistory, seen: Seen): void {
    history.seen.push(seen);
    history.index.add(seen.request);
    history.count++;
    if (history.seen.length <= this.#bounds.requestsPerRoute) return;
    const kept = history.seen.slice(-Math.max(1, Math.floor(this.#bounds.requestsPerRoute / 2)));
    const rebuilt: RouteHistory = { key: history.key, seen: kept, index: this.#newIndex(), count: history.count };
    for (const entry of kept) rebuilt.index.add(entry.request);
    this.#routes.set(history.key, rebuilt);
  }

  #newIndex(): LongestPrefixIndex {
    // Ties go to the latest (the freshest entry, the one a TTL keeps longest), as the wire replay does.
    return new LongestPrefixIndex({ ties: 'latest', routes: 'same', counter: this.#counter });
  }
}

