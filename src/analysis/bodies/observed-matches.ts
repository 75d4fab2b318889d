import type { PrefixRequest } from '../../prefix/index.js';
import type { CacheMatch } from '../policies/cache-policy.js';
import type { ObservedPositions } from './observed-token-counts.js';

/** An earlier request a match was found on, with its positions and the input its usage logged. */
export interface ObservedEntry {
  readonly request: PrefixRequest;
  readonly positions: ObservedPositions;
  /** uncached + read + written, as logged; null when its usage was not. */
  readonly observedTotal: number | null;
}

/** How many leading segments two requests share whole (the same chained hash). */
function sharedSegments(a: PrefixRequest, b: PrefixRequest): number {
  const length = Math.min(a.segments.length, b.segments.length);
  let at = 0;
  while (at < length && a.segments[at]!.prefixHash === b.segments[at]!.prefixHash) at++;
  return at;
}

/**
 * A match counted in o200k tokens, in the provider's count instead: the shared prefix along the
 * request, each of the entry's breakpoints at the count its own usage (or a later read) showed. A
 * breakpoint inside the shared prefix never counts more than the prefix and one past it never less,
 * so the policy reads the same breakpoints it would in o200k, at the sizes the server reported.
 */
export function observedMatch(match: CacheMatch, request: PrefixRequest, positions: ObservedPositions, entry: ObservedEntry): CacheMatch {
  const whole = sharedSegments(request, entry.request);
  const sharedO200k = Math.max(match.sharedTokens, whole === 0 ? 0 : positions.ends[whole - 1]!);
  const marks = entry.positions.marks.map((segment) => ({ o200k: entry.positions.ends[segment]!, count: entry.positions.atSegment(segment) }));
  let shared = positions.at(sharedO200k);
  for (const mark of marks) if (mark.o200k <= sharedO200k) shared = Math.max(shared, mark.count);
  const breakpoints = marks.map((mark) => (mark.o200k <= sharedO200k ? mark.count : Math.max(mark.count, shared + 1)));
  const entryTokens = Math.max(entry.observedTotal ?? entry.positions.total, shared);
  return { ...match, sharedTokens: shared, entryTokens, ...(match.breakpoints === undefined ? {} : { breakpoints }) };
}
