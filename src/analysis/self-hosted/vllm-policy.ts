import type { RouteKey } from '../../prefix/index.js';
import type { CachePolicy, CachePrediction, PolicyInput, PolicyParameter } from '../policies/cache-policy.js';
import { selfHostedPrices } from './self-hosted-prices.js';

const PREFIX_CACHING_DOC = 'https://docs.vllm.ai/en/latest/design/prefix_caching.html';

/** Settings of the vLLM rule. */
export interface VllmPolicyOptions {
  /** KV block size in tokens (`--block-size`); 16 is vLLM's default on GPUs. */
  readonly blockSize?: number;
}

/**
 * The route of a vLLM request. vLLM mixes `cache_salt` (and the LoRA adapter id) into the hash of the
 * first block, so only requests with the same salt and adapter can share any block: kvprefix models
 * both as the route's salt, and the replay keeps one store per route.
 */
export function vllmRoute(model: string, options: { readonly cacheSalt?: string; readonly loraId?: string } = {}): RouteKey {
  const parts = [options.cacheSalt === undefined ? undefined : `cache_salt:${options.cacheSalt}`, options.loraId === undefined ? undefined : `lora:${options.loraId}`].filter(
    (part): part is string => part !== undefined,
  );
  return parts.length === 0 ? { provider: 'vllm', model } : { provider: 'vllm', model, salt: parts.join(' ') };
}

/**
 * vLLM automatic prefix caching: the KV cache is hashed in full blocks chained from the first, so a
 * request reuses whole blocks of the longest stored prefix. At least the last prompt token is always
 * computed (the engine needs its logits), so a request identical to a stored one still recomputes
 * its last block. Entries live until evicted by memory pressure (LRU), not by time: the replay's
 * store decides capacity; this rule ignores age.
 */
export function createVllmPolicy(options: VllmPolicyOptions = {}): CachePolicy {
  const parameters: Record<string, PolicyParameter> = {
    blockSize: { value: options.blockSize ?? 16, unit: 'tokens', source: `${PREFIX_CACHING_DOC} (only full blocks are cached; --block-size default 16)` },
    recomputedTail: { value: 1, unit: 'tokens', source: `${PREFIX_CACHING_DOC} (a full hit still computes the last prompt token)` },
  };
  const blockSize = parameters['blockSize']!.value;
  const recomputed = parameters['recomputedTail']!.value;
  if (!Number.isInteger(blockSize) || blockSize < 1) throw new RangeError(`vLLM block size must be a positive integer, got ${blockSize}`);
  return {
    name: 'vllm',
    parameters,
    pricesFor: () => selfHostedPrices('vLLM'),
    predict(input: PolicyInput): CachePrediction {
      const limit = Math.max(0, input.tokens - recomputed);
      let shared = 0;
      for (const match of input.matches) shared = Math.max(shared, Math.min(match.sharedTokens, match.entryTokens));
      const read = blockSize * Math.floor(Math.min(shared, limit) / blockSize);
      return { uncached: input.tokens - read, cacheRead: read, cacheWrite: 0, cacheReadRange: [read, read] };
    },
  };
}

/** The vLLM rule with its defaults (16-token blocks). */
export const vllmPolicy: CachePolicy = createVllmPolicy();
