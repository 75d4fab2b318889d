import type { Segment } from './segment.js';

/**
 * How many leading segments two segment lists share (equal prefix hashes). Prefix hashes chain, so
 * once they differ they differ for good: the first difference is found by bisection, and a request
 * that repeats a long history costs log(segments), not its history.
 */
export function sharedSegments(a: readonly Segment[], b: readonly Segment[]): number {
  const limit = Math.min(a.length, b.length);
  if (limit === 0 || a[0]!.prefixHash !== b[0]!.prefixHash) return 0;
  if (a[limit - 1]!.prefixHash === b[limit - 1]!.prefixHash) return limit;
  // a[low] and b[low] agree, a[high] and b[high] do not.
  let low = 0;
  let high = limit - 1;
  while (high - low > 1) {
    const middle = (low + high) >>> 1;
    if (a[middle]!.prefixHash === b[middle]!.prefixHash) low = middle;
    else high = middle;
  }
  return high;
}
