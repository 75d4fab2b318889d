import { routeKeyString, type RouteKey } from '../../prefix/index.js';
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
  /** Who wrote the entry (e.g. session and request index), handed back with every match. */
  readonly label: Label;
}

/** A cache match that also says which stored entry it is. */
export interface StoreMatch<Label> extends CacheMatch {
  readonly label: Label;
  /** Leading units shared (equals `sharedTokens` when units are tokens). */
  readonly sharedUnits: number;
}

/** Options of a store. */
export interface PrefixStoreOptions {
  /** Entries kept per route; the oldest entry nothing else extends is dropped first. Default 4096. */
  readonly maxEntriesPerRoute?: number;
}

/*
 * Memory: a replay stores every request, and consecutive requests of one conversation share almost
 * all their units. Each entry therefore keeps only its units beyond the longest prefix it shares
 * with an earlier entry (its parent), so the store holds each distinct run once, as in a radix
 * tree. The LCP against every entry is computed in insertion order from the parent's: when the new
 * sequence leaves the parent before the entry branched off it, the entry shares exactly as much.
 */
interface Entry<Label> {
  readonly parent: Entry<Label> | undefined;
  /** Units shared with the parent; the entry's own units start here. */
  readonly base: number;
  readonly units: Uint32Array;
  /** Token ends of the entry's own units, or undefined when units are tokens. */
  readonly ends: Float64Array | undefined;
  readonly length: number;
  readonly tokens: number;
  readonly time: number;
  readonly source: 'input' | 'output';
  readonly breakpoints: readonly number[] | undefined;
  readonly label: Label;
  children: number;
}

function tokenEnd<Label>(entry: Entry<Label>, unitCount: number): number {
  if (unitCount === 0) return 0;
  let at: Entry<Label> = entry;
  const index = unitCount - 1;
  while (index < at.base) at = at.parent!;
  return at.ends === undefined ? unitCount : at.ends[index - at.base]!;
}

function toUint32(units: Uint32Array | readonly number[]): Uint32Array {
  return units instanceof Uint32Array ? units : Uint32Array.from(units);
}

/** Per route, the sequences of earlier requests with their times; answers with every entry's shared prefix. */
export class PrefixStore<Label = unknown> {
  readonly #routes = new Map<string, Entry<Label>[]>();
  readonly #maxEntries: number;

  constructor(options: PrefixStoreOptions = {}) {
    this.#maxEntries = options.maxEntriesPerRoute ?? 4096;
    if (!Number.isInteger(this.#maxEntries) || this.#maxEntries < 1) throw new RangeError(`maxEntriesPerRoute must be a positive integer, got ${this.#maxEntries}`);
  }

  /** Leading units the sequence shares with each entry of the route, in insertion order. */
  #sharedUnits(entries: readonly Entry<Label>[], units: Uint32Array): Map<Entry<Label>, number> {
    const shared = new Map<Entry<Label>, number>();
    for (const entry of entries) {
      const fromParent = entry.parent === undefined ? entry.base : shared.get(entry.parent)!;
      if (fromParent < entry.base) {
        shared.set(entry, fromParent);
        continue;
      }
      let count = entry.base;
      const limit = Math.min(entry.length, units.length);
      while (count < limit && entry.units[count - entry.base] === units[count]) count++;
      shared.set(entry, count);
    }
    return shared;
  }

  /** Every stored entry of `route` with what `sequence` shares with it, aged to `time`. */
  matches(route: RouteKey, sequence: StoreSequence, time: number): StoreMatch<Label>[] {
    const entries = this.#routes.get(routeKeyString(route)) ?? [];
    const shared = this.#sharedUnits(entries, toUint32(sequence.units));
    return entries.map((entry) => {
      const units = shared.get(entry)!;
      const match: StoreMatch<Label> = {
        sharedTokens: tokenEnd(entry, units),
        sharedUnits: units,
        entryTokens: entry.tokens,
        ageSeconds: Math.max(0, time - entry.time),
        source: entry.source,
        label: entry.label,
        ...(entry.breakpoints === undefined ? {} : { breakpoints: entry.breakpoints }),
      };
      return match;
    });
  }

  /** Stores an earlier request's sequence (units beyond what an earlier entry holds are copied, the rest shared). */
  add(route: RouteKey, input: StoreEntryInput<Label>): void {
    const key = routeKeyString(route);
    const entries = this.#routes.get(key) ?? [];
    this.#routes.set(key, entries);
    const units = toUint32(input.units);
    if (input.unitEnds !== undefined && input.unitEnds.length !== units.length) {
      throw new RangeError(`unitEnds has ${input.unitEnds.length} ends for ${units.length} units`);
    }
    const shared = this.#sharedUnits(entries, units);
    let parent: Entry<Label> | undefined;
    let base = 0;
    for (const [entry, count] of shared) if (count > base) [parent, base] = [entry, count];
    const entry: Entry<Label> = {
      parent,
      base,
      units: units.slice(base),
      ends: input.unitEnds === undefined ? undefined : Float64Array.from(input.unitEnds.slice(base)),
      length: units.length,
      tokens: input.unitEnds === undefined ? units.length : (input.unitEnds.at(-1) ?? 0),
      time: input.time,
      source: input.source ?? 'input',
      breakpoints: input.breakpoints,
      label: input.label,
      children: 0,
    };
    if (parent) parent.children++;
    entries.push(entry);
    this.#evict(entries);
  }

  /** Units of the entries of a route, summed: what the store actually holds (for memory checks). */
  storedUnits(route: RouteKey): number {
    let total = 0;
    for (const entry of this.#routes.get(routeKeyString(route)) ?? []) total += entry.units.length;
    return total;
  }

  /** Number of entries kept for a route. */
  size(route: RouteKey): number {
    return this.#routes.get(routeKeyString(route))?.length ?? 0;
  }

  /** Drops the oldest entries no other entry extends until the route is within its bound. */
  #evict(entries: Entry<Label>[]): void {
    while (entries.length > this.#maxEntries) {
      let oldest = -1;
      for (let index = 0; index < entries.length; index++) {
        const entry = entries[index]!;
        if (entry.children === 0 && (oldest < 0 || entry.time < entries[oldest]!.time)) oldest = index;
      }
      if (oldest < 0) return;
      const [dropped] = entries.splice(oldest, 1);
      if (dropped?.parent) dropped.parent.children--;
    }
  }
}
