import { LongestPrefixIndex, routeKeyString, type PrefixTokenCounter, type RouteKey } from '../../prefix/index.js';
import type { Earlier, Seen } from '../bodies/wire-sequence.js';

/** Bounds of what a watch keeps, so a long-running host's memory stays flat. */
export interface MemoryBounds {
  /** Routes kept; the least recently used is forgotten first. */
  readonly routes: number;
  /** Earlier requests kept per route; past it, the oldest half is forgotten. */
  readonly requestsPerRoute: number;
}

/**
 * The breakpoints of an entry and of the newer one that holds it whole, in token order, each with its
 * own TTL and block count (the newer request's where both mark a position: it wrote or refreshed that
 * entry last). Kept as three lists of one length, as the policy reads them side by side.
 */
function mergedBreakpoints(older: Seen, newer: Seen): Pick<Seen, 'breakpoints' | 'breakpointTtls' | 'breakpointBlocks'> {
  const byPosition = new Map<number, { ttl: number | undefined; block: number | undefined }>();
  for (const entry of [older, newer]) {
    entry.breakpoints.forEach((at, index) => byPosition.set(at, { ttl: entry.breakpointTtls?.[index], block: entry.breakpointBlocks?.[index] }));
  }
  const positions = [...byPosition.keys()].sort((a, b) => a - b);
  const marks = positions.map((at) => byPosition.get(at)!);
  // A list is kept only where every breakpoint has its value: a gap would shift the ones after it.
  const ttls = marks.every((mark) => mark.ttl !== undefined) ? { breakpointTtls: marks.map((mark) => mark.ttl!) } : {};
  const blocks = marks.every((mark) => mark.block !== undefined) ? { breakpointBlocks: marks.map((mark) => mark.block!) } : {};
  return { breakpoints: positions, ...ttls, ...blocks };
}

/** What a route remembers: its earlier requests (as the wire replay keeps them) and how many it has seen. */
export interface RouteHistory {
  readonly key: string;
  readonly seen: readonly Seen[];
  /** Requests seen on the route since it was first used (also those forgotten): the next one's index. */
  readonly count: number;
}

/** A route's history as the memory holds it: the longest-prefix index over its requests is built only when asked for. */
interface HeldHistory extends RouteHistory {
  seen: Seen[];
  count: number;
  index: LongestPrefixIndex | undefined;
}

/**
 * The earlier requests of each route, least recently used routes forgotten first. A route's
 * longest-prefix index cannot drop one request, so it is built over the kept requests only when a
 * request asks for it (`earlier`), then kept up to date as requests are added, and dropped when one
 * is forgotten or replaced. A route past its bound keeps its newer half.
 */
export class RouteMemory {
  readonly #routes = new Map<string, HeldHistory>();
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
    else history = { key, seen: [], count: 0, index: undefined };
    this.#routes.set(key, history);
    while (this.#routes.size > this.#bounds.routes) this.#routes.delete(this.#routes.keys().next().value!);
    return history;
  }

  /** The route's requests as the wire replay matches against them (`matchEarlier`), with their index. */
  earlier(history: RouteHistory): Earlier {
    const held = this.#held(history);
    if (!held.index) {
      // Ties go to the latest (the freshest entry, the one a TTL keeps longest), as the wire replay does.
      held.index = new LongestPrefixIndex({ ties: 'latest', routes: 'same', counter: this.#counter });
      for (const entry of held.seen) held.index.add(entry.request);
    }
    return { seen: held.seen, index: held.index };
  }

  /**
   * Stores a request as the route's newest earlier request. `extended` is an earlier entry the
   * request holds whole (a conversation's previous turn): it is dropped, since every later request
   * shares at least as much with the newer entry, which is also fresher; its breakpoints (cache
   * entries Anthropic wrote inside the shared prefix) move to the newer one. A linear conversation
   * so keeps one entry per route, and matching stays one comparison per request.
   */
  remember(history: RouteHistory, seen: Seen, extended?: Seen): void {
    const held = this.#held(history);
    held.count++;
    const position = extended === undefined ? -1 : held.seen.indexOf(extended);
    if (position < 0) {
      held.seen.push(seen);
      held.index?.add(seen.request);
      if (held.seen.length <= this.#bounds.requestsPerRoute) return;
      held.seen = held.seen.slice(-Math.max(1, Math.floor(this.#bounds.requestsPerRoute / 2)));
      held.index = undefined;
      return;
    }
    // The newer entry's own lists go: the merged ones replace them (or are left out where one has a gap).
    const { breakpointTtls: _ttls, breakpointBlocks: _blocks, ...request } = seen;
    held.seen = [...held.seen.slice(0, position), ...held.seen.slice(position + 1), { ...request, ...mergedBreakpoints(extended!, seen) }];
    held.index = undefined;
  }

  #held(history: RouteHistory): HeldHistory {
    const held = this.#routes.get(history.key);
    if (held !== history) throw new RangeError(`route ${history.key} is not held by this memory (forgotten, or another memory's)`);
    return held;
  }
}
