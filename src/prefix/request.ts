import { hashText } from './hash.js';
import { routeKeyString, type RouteKey } from './route-key.js';
import { Segment, type SegmentInput } from './segment.js';

/** Names of the wire orders kvprefix knows; see `layout.ts`. */
export type LayoutName = 'chat' | 'anthropic';

/** A request as the cache sees it: a route and its rendered bytes, cut into hashed segments. */
export interface PrefixRequest {
  readonly route: RouteKey;
  readonly layout: LayoutName;
  readonly segments: readonly Segment[];
  /** The route's seed of the prefix-hash chain: requests on different routes never share a chain. */
  readonly routeSeed: bigint;
}

/**
 * Makes the segment of one input, chained onto the previous segment's `prefixHash` (the route seed
 * for the first). The default hashes the input; a caller that built the same input on the same chain
 * before may hand back that segment instead (a long-lived host re-sending a growing conversation).
 */
export type SegmentBuilder = (input: SegmentInput, previousPrefixHash: bigint) => Segment;

const newSegment: SegmentBuilder = (input, previousPrefixHash) => new Segment(input, previousPrefixHash);

/** Builds a request from segment inputs already in wire order. */
export function createRequest(route: RouteKey, layout: LayoutName, inputs: readonly SegmentInput[], build: SegmentBuilder = newSegment): PrefixRequest {
  const routeSeed = hashText(routeKeyString(route));
  const segments: Segment[] = [];
  let previous = routeSeed;
  for (const input of inputs) {
    const segment = build(input, previous);
    segments.push(segment);
    previous = segment.prefixHash;
  }
  return { route, layout, segments, routeSeed };
}

/** Total rendered bytes of a request. */
export function requestByteLength(request: PrefixRequest): number {
  let total = 0;
  for (const segment of request.segments) total += segment.byteLength;
  return total;
}
