import type { CacheUsage } from '../policies/cache-policy.js';
import type { RequestAnalysis, SessionTreeAnalysis } from '../result/session-analysis.js';

/** Sums over a set of requests: what the policy predicts and what the providers reported. */
export interface UsageTotals {
  readonly requests: number;
  readonly tokens: number;
  readonly predicted: CacheUsage;
  /** Predicted read / tokens (0 when there are no tokens). */
  readonly predictedHitRate: number;
  /** Sums over the requests with logged usage; null when none has any. */
  readonly observed: (CacheUsage & { readonly requests: number; readonly hitRate: number }) | null;
  readonly cost: { readonly predicted: number; readonly observed: number | null };
}

const zero = (): { uncached: number; cacheRead: number; cacheWrite: number } => ({ uncached: 0, cacheRead: 0, cacheWrite: 0 });

/** Totals over requests. */
export function totalsOf(requests: readonly RequestAnalysis[]): UsageTotals {
  const predicted = zero();
  const observed = zero();
  let tokens = 0;
  let observedRequests = 0;
  let predictedCost = 0;
  let observedCost = 0;
  for (const request of requests) {
    tokens += request.tokens;
    predicted.uncached += request.predicted.uncached;
    predicted.cacheRead += request.predicted.cacheRead;
    predicted.cacheWrite += request.predicted.cacheWrite;
    predictedCost += request.cost.predicted;
    if (request.observed) {
      observedRequests++;
      observed.uncached += request.observed.uncached;
      observed.cacheRead += request.observed.cacheRead;
      observed.cacheWrite += request.observed.cacheWrite;
      observedCost += request.cost.observed ?? 0;
    }
  }
  const observedTokens = observed.uncached + observed.cacheRead + observed.cacheWrite;
  return {
    requests: requests.length,
    tokens,
    predicted,
    predictedHitRate: tokens === 0 ? 0 : predicted.cacheRead / tokens,
    observed: observedRequests === 0 ? null : { ...observed, requests: observedRequests, hitRate: observedTokens === 0 ? 0 : observed.cacheRead / observedTokens },
    cost: { predicted: predictedCost, observed: observedRequests === 0 ? null : observedCost },
  };
}

/** Totals of one session tree. */
export function treeTotals(tree: SessionTreeAnalysis): UsageTotals {
  return totalsOf(tree.sessions.flatMap((session) => session.requests));
}

/** Totals over every tree. */
export function overallTotals(trees: readonly SessionTreeAnalysis[]): UsageTotals {
  return totalsOf(trees.flatMap((tree) => tree.sessions.flatMap((session) => session.requests)));
}
