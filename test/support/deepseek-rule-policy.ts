import type { CachePolicy, PriceTable } from '../../src/analysis/policies/cache-policy.js';

/**
 * A minimal policy for tests, following DeepSeek's documented rule as DESIGN.md states it: read =
 * unit × ⌊min(shared, total − 1) / unit⌋ over the best match, no write fee. The prices are round
 * test figures, not DeepSeek's: tests check arithmetic, not tariffs.
 */
export function deepseekRulePolicy(unit = 64): CachePolicy {
  const prices: PriceTable = { currency: 'USD', input: 1, cacheRead: 0.1, cacheWrite: 0, output: 2, source: 'test figures' };
  return {
    name: 'deepseek',
    parameters: { unit: { value: unit, unit: 'tokens', source: 'DESIGN.md, "DeepSeek, as the recorded usage shows"' } },
    pricesFor: () => prices,
    predict({ tokens, matches }) {
      const shared = Math.max(0, ...matches.map((match) => match.sharedTokens));
      const read = unit * Math.floor(Math.min(shared, tokens - 1) / unit);
      const cacheRead = Math.max(0, read);
      return { uncached: tokens - cacheRead, cacheRead, cacheWrite: 0, cacheReadRange: [cacheRead, cacheRead] };
    },
  };
}
