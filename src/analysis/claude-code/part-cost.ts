import { costOf, type CacheUsage, type PriceTable } from '../policies/cache-policy.js';

/**
 * What the `part` of a request's input costs, at the rates its whole input is billed at: the
 * long-context rates apply by the request's total input, not by the part priced, and 1-hour writes
 * (`cacheWrite1h`) at the 1-hour rate.
 */
export function partCost(part: CacheUsage, whole: CacheUsage, prices: PriceTable): number {
  const total = whole.uncached + whole.cacheRead + whole.cacheWrite;
  const tier = prices.longContext !== undefined && total > prices.longContext.aboveInputTokens ? prices.longContext : undefined;
  const { longContext: _tiers, ...flat } = prices;
  return costOf(part, tier === undefined ? flat : { ...flat, ...tier });
}
