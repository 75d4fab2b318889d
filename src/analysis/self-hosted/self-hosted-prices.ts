import type { PriceTable } from '../policies/cache-policy.js';

/**
 * A self-hosted engine bills nothing per token: its cost is the hardware. Reports show zero until
 * the user supplies their own per-token prices with `--prices FILE`.
 */
export function selfHostedPrices(engine: string): PriceTable {
  return {
    currency: 'USD',
    input: 0,
    cacheRead: 0,
    cacheWrite: 0,
    output: 0,
    source: `${engine} is self-hosted: no per-token price (set one with --prices)`,
  };
}
