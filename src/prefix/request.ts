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

/** Builds a request from segment inputs already in wire order. */
export function createRequest(route: RouteKey, layout: LayoutName, inputs: readonly SegmentInput[]): PrefixRequest {
  const routeSeed = hashText(routeKeyString(route));
  const segments: Segment[] = [];
  let previous = routeSeed;
  for (const input of inputs) {
    const segment = new Segment(input, previous);
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
