import { hashText, routeKeyString, Segment, type RouteKey, type SegmentInput, type SegmentMeta } from '../../prefix/index.js';

/** Segments a renderer remembers, across all the prefixes they extend (oldest prefix first out). */
const SEGMENTS_KEPT = 100_000;
/** Different segments remembered after one prefix: a replay extends a prefix in a handful of ways. */
const PER_PREFIX = 8;

function sameMeta(a: SegmentMeta | undefined, b: SegmentMeta | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return a.role === b.role && a.cacheControl?.type === b.cacheControl?.type && a.cacheControl?.ttl === b.cacheControl?.ttl;
}

/**
 * Segments already built, by the prefix hash they extend. A replay renders every request whole, and
 * each request repeats its predecessor's history and adds a few new messages. Building a segment means checking its text for lone surrogates, encoding and hashing it;
 * finding the one built before after the same prefix needs only a string comparison, so a request
 * costs hashing of its new segments alone.
 *
 * A segment is reused only when kind, name, meta and text are all equal and it follows the same
 * prefix, so the request is exactly the one `createRequest` builds (same hashes, same prefix
 * hashes); only the objects are shared.
 */
export class BuiltSegments {
  readonly #byPrevious = new Map<bigint, Segment[]>();
  readonly #routeSeeds = new Map<string, bigint>();
  #size = 0;

  /** Segments of `inputs` in order, the first one following `previous` (a route seed or a prefix hash). */
  chain(previous: bigint, inputs: readonly SegmentInput[]): Segment[] {
    const segments: Segment[] = [];
    for (const input of inputs) {
      const segment = this.segment(input, previous);
      segments.push(segment);
      previous = segment.prefixHash;
    }
    return segments;
  }

  /** The segment `new Segment(input, previous)` would build, reused when one was built before. */
  segment(input: SegmentInput, previous: bigint): Segment {
    const known = this.#byPrevious.get(previous);
    if (known !== undefined && typeof input.content === 'string') {
      for (const candidate of known) {
        if (candidate.kind === input.kind && candidate.name === input.name && sameMeta(candidate.meta, input.meta) && candidate.text === input.content) return candidate;
      }
    }
    const segment = new Segment(input, previous);
    if (known === undefined) this.#byPrevious.set(previous, [segment]);
    else known.push(segment);
    this.#size++;
    if (known !== undefined && known.length > PER_PREFIX) {
      known.shift();
      this.#size--;
    }
    this.#evict();
    return segment;
  }

  #evict(): void {
    while (this.#size > SEGMENTS_KEPT) {
      const [oldest, dropped] = this.#byPrevious.entries().next().value!;
      this.#byPrevious.delete(oldest);
      this.#size -= dropped.length;
    }
  }

  /** The hash a request on `route` chains its first segment onto (as `createRequest` computes it). */
  routeSeed(route: RouteKey): bigint {
    const key = routeKeyString(route);
    let seed = this.#routeSeeds.get(key);
    if (seed === undefined) {
      seed = hashText(key);
      if (this.#routeSeeds.size >= SEGMENTS_KEPT) this.#routeSeeds.clear();
      this.#routeSeeds.set(key, seed);
    }
    return seed;
  }
}
