import type { PolicyLookup } from '../../src/analysis/index.js';
import type { CachePolicy, CachePolicyName } from '../../src/analysis/policies/cache-policy.js';

/**
 * Test support: a prefix-cache rule small enough to check by hand — whole `unit`-token blocks of the
 * longest live match, the last input token always computed, no write fee — under each policy name,
 * so analysis tests do not depend on the shipped policies' numbers.
 */
export function unitPolicy(name: CachePolicyName, unit = 64, ttlSeconds = 300): CachePolicy {
  return {
    name,
    parameters: { unit: { value: unit, unit: 'tokens', source: 'test' }, ttl: { value: ttlSeconds, unit: 'seconds', source: 'test' } },
    pricesFor: () => ({ currency: 'USD', input: 1, cacheRead: 0.1, cacheWrite: 1, output: 2, source: 'test' }),
    predict({ tokens, matches }) {
      let best = 0;
      for (const match of matches) if (match.ageSeconds <= ttlSeconds) best = Math.max(best, Math.min(match.sharedTokens, match.entryTokens, tokens - 1));
      const read = unit * Math.floor(best / unit);
      return { uncached: tokens - read, cacheRead: read, cacheWrite: 0, cacheReadRange: [read, read] };
    },
  };
}

/** A lookup that answers every name with `unitPolicy`. */
export const unitPolicies: PolicyLookup = (name) => unitPolicy(name);
