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

  /**
   * Stores a request as the route's newest earlier request. `extended` is an earlier entry the
   * request holds whole (a conversation's previous turn): it is dropped, since every later request
   * shares at least as much with the newer entry, which is also fresher; its breakpoints (cache
   * entries Anthropic wrote inside the shared prefix) move to the newer one. A linear conversation
   * so keeps one entry per route, and matching stays one comparison per request.
   */
  remember(history: RouteHistory, seen: Seen, extended?: Seen): void {
    history.count++;
    const position = extended === undefined ? -1 : history.seen.indexOf(extended);
    if (position < 0) {
      history.seen.push(seen);
      history.index.add(seen.request);
      if (history.seen.length <= this.#bounds.requestsPerRoute) return;
      this.#rebuild(history, history.seen.slice(-Math.max(1, Math.floor(this.#bounds.requestsPerRoute / 2))));
      return;
    }
    const breakpoints = [...new Set([...extended!.breakpoints, ...seen.breakpoints])].sort((a, b) => a - b);
    this.#rebuild(history, [...history.seen.slice(0, position), ...history.seen.slice(position + 1), { ...seen, breakpoints }]);
  }

  #rebuild(history: RouteHistory, kept: Seen[]): void {
    const rebuilt: RouteHistory = { key: history.key, seen: kept, index: this.#newIndex(), count: history.count };
    for (const entry of kept) rebuilt.index.add(entry.request);
    this.#routes.set(history.key, rebuilt);
  }

  #newIndex(): LongestPrefixIndex {
    // Ties go to the latest (the freshest entry, the one a TTL keeps longest), as the wire replay does.
    return new LongestPrefixIndex({ ties: 'latest', routes: 'same', counter: this.#counter });
  }
}

