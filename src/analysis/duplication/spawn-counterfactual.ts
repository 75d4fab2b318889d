import type { CacheMatch } from '../policies/cache-policy.js';
import type { RequestAnalysis, SpanList } from '../result/session-analysis.js';

/** A request as the counterfactual sees it: its segments, its size, when it was sent, on which route. */
export interface SegmentedRequest {
  readonly route: RequestAnalysis['route'];
  readonly time: string | null;
  readonly tokens: number;
  readonly segments: SpanList;
}

const HEAD_KINDS: ReadonlySet<string> = new Set(['system', 'tool', 'sdk']);

/** Segments before the first message: the request's head. */
export function headLength(segments: SpanList): number {
  let length = 0;
  for (const segment of segments) {
    if (!HEAD_KINDS.has(segment.kind)) break;
    length++;
  }
  return length;
}

/** Tokens of the first `length` segments. */
function tokensOfFirst(segments: SpanList, length: number): number {
  let tokens = 0;
  for (let index = 0; index < length; index++) tokens += segments.at(index)?.tokens ?? 0;
  return tokens;
}

/** The request's calibration offset: its tokens less its segments' sum (drift the analysis attributes to the head). */
function offsetOf(request: SegmentedRequest): number {
  return request.tokens - tokensOfFirst(request.segments, request.segments.length);
}

/**
 * Where a request is taken to place explicit cache breakpoints (the analysis keeps none): at the end
 * of its head and at its end, as Claude Code and the SDKs place them. Automatic caches ignore them.
 */
export function assumedBreakpoints(request: SegmentedRequest): number[] {
  const head = tokensOfFirst(request.segments, headLength(request.segments));
  const headEnd = Math.max(0, Math.min(request.tokens, head + offsetOf(request)));
  return [...new Set([headEnd, request.tokens])].filter((position) => position > 0);
}

/** Tokens of a fork child's inherited segments (its seed). */
export function inheritedTokensOf(segments: SpanList): number {
  let tokens = 0;
  for (const segment of segments) tokens += segment.inherited ? segment.tokens : 0;
  return tokens;
}

/**
 * The child's first request without its inherited history: its head and its own messages, each
 * segment keeping its token count. The calibration offset of the recorded request (its tokens less
 * its segments' sum, drift attributed to the head) stays with it.
 */
export function withoutInherited(request: SegmentedRequest): SegmentedRequest {
  return { ...request, tokens: request.tokens - inheritedTokensOf(request.segments), segments: [...request.segments].filter((segment) => !segment.inherited) };
}

/**
 * Leading tokens `later` shares with `earlier`, counted segment by segment: the segments whose bytes
 * (hashes) match in order, plus `later`'s calibration offset when its whole head is among them. A
 * segment that differs counts as not shared at all, so this is a lower bound where a provider's
 * cache reuses the first tokens of a differing segment.
 */
export function sharedSegmentTokens(earlier: SegmentedRequest, later: SegmentedRequest): number {
  if (earlier.route.provider !== later.route.provider || earlier.route.model !== later.route.model) return 0;
  let shared = 0;
  let index = 0;
  while (index < earlier.segments.length && index < later.segments.length && earlier.segments.at(index)!.hash === later.segments.at(index)!.hash) {
    shared += later.segments.at(index)!.tokens;
    index++;
  }
  const offset = offsetOf(later);
  const coversHead = index > 0 && index >= headLength(later.segments);
  return Math.max(0, Math.min(later.tokens, shared + (coversHead ? offset : 0)));
}

function secondsBetween(earlier: string | null, later: string | null): number | null {
  if (earlier === null || later === null) return null;
  return (Date.parse(later) - Date.parse(earlier)) / 1000;
}

/**
 * The cache entries a request could read from among earlier requests: one match per request that
 * shares any leading segment with it. A request known to be sent after `request` is left out; one
 * without a time is taken as sent just before it.
 */
export function segmentMatches(request: SegmentedRequest, earlier: readonly SegmentedRequest[]): CacheMatch[] {
  const matches: CacheMatch[] = [];
  for (const entry of earlier) {
    const age = secondsBetween(entry.time, request.time);
    if (age !== null && age < 0) continue;
    const sharedTokens = sharedSegmentTokens(entry, request);
    if (sharedTokens > 0) matches.push({ sharedTokens, entryTokens: entry.tokens, ageSeconds: age ?? 0, source: 'input', breakpoints: assumedBreakpoints(entry) });
  }
  return matches;
}
