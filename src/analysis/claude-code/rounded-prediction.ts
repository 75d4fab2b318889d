import type { CachePrediction } from '../policies/cache-policy.js';

/** A prediction in whole tokens, as a replay of estimated block sizes reports it. */
export function rounded(prediction: CachePrediction): CachePrediction {
  const read = Math.round(prediction.cacheRead);
  const write = Math.round(prediction.cacheWrite);
  const uncached = Math.round(prediction.uncached);
  const hour = Math.min(write, Math.round(prediction.cacheWrite1h ?? 0));
  return { uncached, cacheRead: read, cacheWrite: write, ...(hour > 0 ? { cacheWrite1h: hour } : {}), cacheReadRange: [Math.round(prediction.cacheReadRange[0]), Math.round(prediction.cacheReadRange[1])] };
}
