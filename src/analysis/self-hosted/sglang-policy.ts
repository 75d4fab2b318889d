import type { CachePolicy, CachePrediction, PolicyInput, PolicyParameter } from '../policies/cache-policy.js';
import { selfHostedPrices } from './self-hosted-prices.js';

const RADIX_DOC = 'https://docs.sglang.ai/advanced_features/server_arguments.html';

/** Settings of the SGLang rule. */
export interface SglangPolicyOptions {
  /** Tokens per radix-tree page (`--page-size`); 1, token-level matching, is SGLang's default. */
  readonly pageSize?: number;
}

/**
 * SGLang's RadixAttention: every computed prefix is kept in a radix tree keyed by token ids, and a
 * request reuses the longest stored prefix, token by token (in whole pages when `--page-size` > 1).
 * The last prompt token is always computed, as in vLLM. Entries are evicted by LRU under memory
 * pressure, not by time: the replay's store decides capacity; this rule ignores age.
 */
export function createSglangPolicy(options: SglangPolicyOptions = {}): CachePolicy {
  const parameters: Record<string, PolicyParameter> = {
    pageSize: { value: options.pageSize ?? 1, unit: 'tokens', source: `${RADIX_DOC} (--page-size, default 1: token-level radix matching)` },
    recomputedTail: { value: 1, unit: 'tokens', source: 'https://arxiv.org/abs/2312.07104 (RadixAttention; the scheduler computes at least the last token for its logits)' },
  };
  const pageSize = parameters['pageSize']!.value;
  const recomputed = parameters['recomputedTail']!.value;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`SGLang page size must be a positive integer, got ${pageSize}`);
  return {
    name: 'sglang',
    parameters,
    pricesFor: () => selfHostedPrices('SGLang'),
    predict(input: PolicyInput): CachePrediction {
      const limit = Math.max(0, input.tokens - recomputed);
      let shared = 0;
      for (const match of input.matches) shared = Math.max(shared, Math.min(match.sharedTokens, match.entryTokens));
      const read = pageSize * Math.floor(Math.min(shared, limit) / pageSize);
      return { uncached: input.tokens - read, cacheRead: read, cacheWrite: 0, cacheReadRange: [read, read] };
    },
  };
}

/** The SGLang rule with its defaults (token-level radix). */
export const sglangPolicy: CachePolicy = createSglangPolicy();
