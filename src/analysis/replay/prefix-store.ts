import { chainHash, routeKeyString, type RouteKey } from '../../prefix/index.js';
import { SegmentPathTrie, type PathItem, type SegmentPath, type WalkedSegments } from '../../prefix/segment-path-trie.js';
import type { CacheMatch } from '../policies/cache-policy.js';

/**
 * A sequence to store or look up. `units` are token ids, or any 32-bit symbols that stand for a run
 * of tokens (a hashed content block when the route's tokenizer is unknown); `unitEnds[i]` is then the
 * token offset at which unit `i` ends. Without `unitEnds` each unit is one token.
 */
export interface StoreSequence {
  readonly units: Uint32Array | readonly number[];
  readonly unitEnds?: readonly number[];
}

/** What the store keeps about an earlier request beside its units. */
export interface StoreEntryInput<Label> extends StoreSequence {
  /** When the entry was written or last refreshed, in seconds on any clock the replay uses consistently. */
  readonly time: number;
  readonly source?: 'input' | 'output';
  /** Token offsets where the request wrote explicit breakpoints (Anthropic). */
  readonly breakpoints?: readonly number[];
  /** TTL in seconds of the entry at each breakpoint, where the log says (see `CacheMatch.breakpointTtls`). */
  readonly breakpointTtls?: readonly number[];
  /** Who wrote the entry (e.g. session and request index), handed back with every match. */
  readonly label: Label;
}

/** A cache match that also says which stored entry it is. */
export interface StoreMatch<Label> extends CacheMatch {
  readonly label: Label;
  /** Leading units shared (equals `sharedTokens` when units are tokens). */
  readonly sharedUnits: number;
}

/** See `PrefixStore.liveMatches`. */
export interface LiveMatches<Label> {
  /** The matches with a breakpoint still alive, oldest first. */
  readonly live: readonly StoreMatch<Label>[];
  /** Of all matches, the one sharing the most units (ties to the fresher, then to the earlier stored). */
  readonly best: StoreMatch<Label> | undefined;
  /** Per group, of its matches, the one sharing the most units (ties to the later stored). */
  readonly bestOfGroup: ReadonlyMap<number, StoreMatch<Label>>;
}

/** Options of a store. */
export interface PrefixStoreOptions {
  /** Entries kept per route; the oldest entry nothing else extends is dropped first. Default 4096. */
  readonly maxEntriesPerRoute?: number;
}

/*
 * Memory: a replay stores every request, and consecutive requests of one conversation share almost
 * all their units. The units are paths of the segment path trie (one root per route, each unit named
 * by its chained hash), so each distinct run is held once. An entry's parent is the earlier entry it
 * shares the most units with (the earliest of them: the one that made the trie's node where the new
 * units start); the LCP against every entry is computed in insertion order from the parent's: when
 * the new sequence leaves the parent before the entry branched off it, the entry shares exactly as
 * much. A node keeps the token end the entry that made it gave that unit: every later entry through
 * it shares that prefix and reads its size from there.
 */
interface Entry<Label> {
  readonly parent: Entry<Label> | undefined;
  /** Units shared with the parent; the entry's own units (the trie nodes it made) start here. */
  readonly base: number;
  /** The node of the entry's last unit (none for an empty sequence). */
  readonly end: SegmentPath<Made<Label>, Unit> | undefined;
  readonly length: number;
  readonly tokens: number;
  readonly time: number;
  readonly source: 'input' | 'output';
  readonly breakpoints: readonly number[] | undefined;
  readonly breakpointTtls: readonly number[] | undefined;
  readonly label: Label;
  children: number;
  /** Units and tokens the sequence under lookup shares with this entry (scratch of the current pass). */
  shared: number;
  sharedTokens: number;
}

/** A unit as a trie item: named by its value chained onto the units before it. */
type Unit = PathItem;

/** What a trie node keeps: the entry that made it and the token end it gave the node's unit. */
interface Made<Label> {
  /** Undefined for a node no entry holds (made by an entry since dropped). */
  by: Entry<Label> | undefined;
  end: number;
}

/** Sequences whose unit items are kept to be reused by the next ones that repeat them (interleaved sessions). */
const RECENT_SEQUENCES = 8;

const NO_BREAKPOINTS: readonly number[] = [];

function toUint32(units: Uint32Array | readonly number[]): Uint32Array {
  return units instanceof Uint32Array ? units : Uint32Array.from(units);
}

/** Per route, the sequences of earlier requests with their times; answers with every entry's shared prefix. */
export class PrefixStore<Label = unknown> {
  readonly #routes = new Map<string, Entry<Label>[]>();
  readonly #trie = new SegmentPathTrie<Made<Label>, Unit>({ newSlot: () => ({ by: undefined, end: 0 }), match: 'hash' });
  /** Per route, the end of the nodes the latest dropped entry gave up (see `#release`). */
  readonly #given = new Map<string, SegmentPath<Made<Label>, Unit> | undefined>();
  /** The latest sequences' unit items, newest first. */
  #recent: { readonly units: Uint32Array; readonly items: readonly Unit[] }[] = [];
  /** Per route, whether entries were added in non-decreasing time (what pruning relies on). */
  readonly #timeOrdered = new Map<string, boolean>();
  readonly #maxEntries: number;

  constructor(options: PrefixStoreOptions = {}) {
    this.#maxEntries = options.maxEntriesPerRoute ?? 4096;
    if (!Number.isInteger(this.#maxEntries) || this.#maxEntries < 1) throw new RangeError(`maxEntriesPerRoute must be a positive integer, got ${this.#maxEntries}`);
  }

  /**
   * The units as trie items. The leading units a recent sequence holds keep its items (a request
   * repeats its session's previous one): only the units after them are hashed.
   */
  #items(units: Uint32Array): readonly Unit[] {
    let from: { readonly units: Uint32Array; readonly items: readonly Unit[] } | undefined;
    let kept = 0;
    for (const recent of this.#recent) {
      const limit = Math.min(units.length, recent.units.length);
      let count = 0;
      while (count < limit && recent.units[count] === units[count]) count++;
      if (count > kept) [from, kept] = [recent, count];
    }
    // The sequence looked up before it is stored, or stored again: its items as they are.
    if (from !== undefined && kept === units.length && kept === from.units.length) return from.items;
    // A sequence that goes on from a recent one (a session's next request) extends its items in
    // place: a copy per request of a long session's items would be garbage that outlives the young
    // generation (it stays recent for a few requests).
    const extending = from !== undefined && kept === from.units.length;
    const items: Unit[] = extending ? (from!.items as Unit[]) : (from?.items.slice(0, kept) ?? []);
    let previous = kept > 0 ? items[kept - 1]!.prefixHash : 0n;
    for (let at = kept; at < units.length; at++) items.push({ prefixHash: (previous = chainHash(previous, BigInt(units[at]!))) });
    // The units are copied: the caller may reuse its array for the next sequence.
    const others = this.#recent.filter((recent) => recent !== from || !extending);
    this.#recent = [{ units: units.slice(), items }, ...others].slice(0, RECENT_SEQUENCES);
    return items;
  }

  /** Sets `shared` and `sharedTokens` on every entry of the route for the walked sequence. */
  #measure(entries: readonly Entry<Label>[], walked: WalkedSegments<Made<Label>, Unit>): void {
    for (const entry of entries) {
      const parent = entry.parent;
      if (parent !== undefined && parent.shared < entry.base) {
        // The sequence left the parent before this entry branched off it: it shares what the parent shares.
        entry.shared = parent.shared;
        entry.sharedTokens = parent.sharedTokens;
        continue;
      }
      entry.shared = this.#trie.sharedDepth(entry.end, walked);
      entry.sharedTokens = entry.shared === 0 ? 0 : walked.path[entry.shared - 1]!.slot.end;
    }
  }

  /**
   * The stored entries of `route` that could serve `sequence` at `time`, with what each shares. An
   * entry sharing nothing is left out, and so is one that a fresher entry of the same source makes
   * redundant (it shares at least as many tokens and holds each of the entry's breakpoints inside the
   * shared prefix): no policy reads more from the older one. One pass over the route's entries; the
   * answer stays small even when thousands of entries share a system prompt.
   */
  matches(route: RouteKey, sequence: StoreSequence, time: number): StoreMatch<Label>[] {
    const found: StoreMatch<Label>[] = [];
    this.#scan(route, sequence, time, (_, match) => found.push(match()));
    return found.reverse();
  }

  /**
   * What `matches` answers, for a replay whose policy reads an entry only at a breakpoint that is
   * still alive (Anthropic's: each breakpoint lives its `breakpointTtls` entry, else `liveSeconds`):
   * the matches with such a breakpoint, oldest first (every match when `liveSeconds` is undefined),
   * and two picks from all the matches, so that a long conversation's dead entries are passed over
   * instead of made into matches and read again.
   * `best`: the one sharing the most units, ties to the fresher, then to the earlier stored (what a
   * divergence is reported against). `bestOfGroup`: per `groupOf(label)`, the one sharing the most
   * units, ties to the later stored (what a session anchors its token ends on).
   */
  liveMatches(route: RouteKey, sequence: StoreSequence, time: number, liveSeconds: number | undefined, groupOf: (label: Label) => number): LiveMatches<Label> {
    const live: StoreMatch<Label>[] = [];
    let best: StoreMatch<Label> | undefined;
    const bestOfGroup = new Map<number, StoreMatch<Label>>();
    // Newest first: a later match replaces on a tie where the earlier stored one wins the tie.
    this.#scan(route, sequence, time, (entry, make) => {
      let match: StoreMatch<Label> | undefined;
      const age = Math.max(0, time - entry.time);
      if (liveSeconds === undefined || entry.breakpoints?.some((_, at) => age <= (entry.breakpointTtls?.[at] ?? liveSeconds))) live.push((match ??= make()));
      if (best === undefined || entry.shared > best.sharedUnits || (entry.shared === best.sharedUnits && age <= best.ageSeconds)) best = match ??= make();
      const group = groupOf(entry.label);
      const held = bestOfGroup.get(group);
      if (held === undefined || entry.shared > held.sharedUnits) bestOfGroup.set(group, (match ??= make()));
    });
    return { live: live.reverse(), best, bestOfGroup };
  }

  /**
   * Hands `keep` every entry of `route` that could serve `sequence` at `time`, newest first, with a
   * maker of its match: an entry sharing nothing is left out, and so is one that a fresher entry of
   * the same source makes redundant (see `matches`).
   */
  #scan(route: RouteKey, sequence: StoreSequence, time: number, keep: (entry: Entry<Label>, match: () => StoreMatch<Label>) => void): void {
    const key = routeKeyString(route);
    const entries = this.#routes.get(key) ?? [];
    if (entries.length > 0) this.#measure(entries, this.#trie.walk(this.#items(toUint32(sequence.units)), key));
    // Newest first is freshest first while entries were added in time order; otherwise keep all.
    const prune = this.#timeOrdered.get(key) ?? true;
    const best = { input: 0, output: 0 };
    // Per breakpoint position, the longest TTL a fresher entry holds there: an older entry is kept
    // while it outlives them at one of its breakpoints (a 1-hour write under fresher 5-minute ones).
    const covered = { input: new Map<number, number>(), output: new Map<number, number>() };
    for (let index = entries.length - 1; index >= 0; index--) {
      const entry = entries[index]!;
      if (entry.shared === 0) continue;
      const sharedTokens = entry.sharedTokens;
      const seen = covered[entry.source];
      let redundant = prune && sharedTokens <= best[entry.source];
      const positions = entry.breakpoints ?? NO_BREAKPOINTS;
      for (let at = 0; at < positions.length; at++) {
        const position = positions[at]!;
        if (position > sharedTokens) continue;
        const ttl = entry.breakpointTtls?.[at] ?? 0;
        const held = seen.get(position);
        if (held === undefined || held < ttl) {
          redundant = false;
          seen.set(position, Math.max(held ?? 0, ttl));
        }
      }
      best[entry.source] = Math.max(best[entry.source], sharedTokens);
      if (redundant) continue;
      keep(entry, () => ({
        sharedTokens,
        sharedUnits: entry.shared,
        entryTokens: entry.tokens,
        ageSeconds: Math.max(0, time - entry.time),
        source: entry.source,
        label: entry.label,
        ...(entry.breakpoints === undefined ? {} : { breakpoints: entry.breakpoints }),
        ...(entry.breakpointTtls === undefined ? {} : { breakpointTtls: entry.breakpointTtls }),
      }));
    }
  }

  /** Stores an earlier request's sequence (units beyond what an earlier entry holds are copied, the rest shared). */
  add(route: RouteKey, input: StoreEntryInput<Label>): void {
    const key = routeKeyString(route);
    const entries = this.#routes.get(key) ?? [];
    this.#routes.set(key, entries);
    const latest = entries.at(-1);
    if (latest !== undefined && input.time < latest.time) this.#timeOrdered.set(key, false);
    const units = toUint32(input.units);
    if (input.unitEnds !== undefined && input.unitEnds.length !== units.length) {
      throw new RangeError(`unitEnds has ${input.unitEnds.length} ends for ${units.length} units`);
    }
    const { path } = this.#trie.add(this.#items(units), key);
    // The nodes that were there hold what a live entry holds; the rest are made now.
    let base = 0;
    while (base < path.length && path[base]!.slot.by !== undefined) base++;
    const parent = base === 0 ? undefined : path[base - 1]!.slot.by;
    const entry: Entry<Label> = {
      parent,
      base,
      end: path.at(-1),
      length: units.length,
      tokens: input.unitEnds === undefined ? units.length : (input.unitEnds.at(-1) ?? 0),
      time: input.time,
      source: input.source ?? 'input',
      breakpoints: input.breakpoints,
      breakpointTtls: input.breakpointTtls,
      label: input.label,
      children: 0,
      shared: 0,
      sharedTokens: 0,
    };
    for (let at = base; at < path.length; at++) {
      const made = path[at]!.slot;
      made.by = entry;
      made.end = input.unitEnds === undefined ? at + 1 : input.unitEnds[at]!;
    }
    if (parent) parent.children++;
    entries.push(entry);
    this.#evict(key, entries);
  }

  /** Units of the entries of a route, summed: what the store actually holds (for memory checks). */
  storedUnits(route: RouteKey): number {
    let total = 0;
    for (const entry of this.#routes.get(routeKeyString(route)) ?? []) total += entry.length - entry.base;
    return total;
  }

  /** Number of entries kept for a route. */
  size(route: RouteKey): number {
    return this.#routes.get(routeKeyString(route))?.length ?? 0;
  }

  /**
   * Gives up the nodes `dropped` made: no other entry goes through them (it would be the dropped
   * one's child or descendant). They are kept, made by no one, until the route drops another entry:
   * a sequence that goes through them meanwhile (a conversation whose newest request, the one
   * entry nothing extends, was dropped as soon as stored) makes them its own again instead of
   * building them anew. The ones the route gave up before are removed.
   */
  #release(key: string, dropped: Entry<Label>): void {
    const before = this.#given.get(key);
    if (before !== undefined) {
      let live: SegmentPath<Made<Label>, Unit> | undefined = before;
      while (live !== undefined && live.slot.by === undefined) live = live.parent;
      this.#trie.removeTail(before, live?.depth ?? 0, key);
    }
    for (let node = dropped.end; node !== undefined && node.depth > dropped.base; node = node.parent) node.slot.by = undefined;
    this.#given.set(key, dropped.end);
  }

  /** Drops the oldest entries no other entry extends until the route is within its bound. */
  #evict(key: string, entries: Entry<Label>[]): void {
    while (entries.length > this.#maxEntries) {
      let oldest = -1;
      for (let index = 0; index < entries.length; index++) {
        const entry = entries[index]!;
        if (entry.children === 0 && (oldest < 0 || entry.time < entries[oldest]!.time)) oldest = index;
      }
      if (oldest < 0) return;
      const [dropped] = entries.splice(oldest, 1);
      if (dropped === undefined) return;
      if (dropped.parent) dropped.parent.children--;
      this.#release(key, dropped);
    }
  }
}
