import type { SessionTreeAnalysis } from './session-analysis.js';

/** How close predictions came to the usage the provider logged, over the requests that have both. */
export interface PredictionAccuracy {
  /** Requests with logged usage. */
  readonly requests: number;
  /** Requests where predicted and logged agree on whether anything was read from the cache. */
  readonly coldWarmAgree: number;
  /** Requests whose logged read lies inside the predicted `cacheReadRange`. */
  readonly readInRange: number;
  /** Requests whose predicted read equals the logged read. */
  readonly exactReads: number;
  /** Median of |predicted − logged| cache read, in tokens (0 when there are no requests). */
  readonly medianReadError: number;
  /** For each tolerance asked for, requests whose read is off by at most that many tokens. */
  readonly readsWithin: Readonly<Record<number, number>>;
}

/** Compares every prediction with its logged usage (requests without a log are skipped). */
export function predictionAccuracy(trees: readonly SessionTreeAnalysis[], tolerances: readonly number[] = [64, 512, 2048]): PredictionAccuracy {
  const errors: number[] = [];
  let coldWarmAgree = 0;
  let readInRange = 0;
  for (const tree of trees) {
    for (const session of tree.sessions) {
      for (const request of session.requests) {
        if (request.observed === null) continue;
        const { cacheRead } = request.observed;
        if (request.predicted.cacheRead > 0 === cacheRead > 0) coldWarmAgree++;
        const [low, high] = request.predicted.cacheReadRange;
        if (cacheRead >= low && cacheRead <= high) readInRange++;
        errors.push(Math.abs(request.predicted.cacheRead - cacheRead));
      }
    }
  }
  errors.sort((a, b) => a - b);
  const readsWithin: Record<number, number> = {};
  for (const tolerance of tolerances) readsWithin[tolerance] = errors.filter((error) => error <= tolerance).length;
  return {
    requests: errors.length,
    coldWarmAgree,
    readInRange,
    exactReads: errors.filter((error) => error === 0).length,
    medianReadError: errors.length === 0 ? 0 : errors[Math.floor(errors.length / 2)]!,
    readsWithin,
  };
}
