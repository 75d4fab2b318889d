import type { RouteKey } from '../../prefix/index.js';
import type { CacheMatch, CachePolicy, CachePrediction, PolicyInput, PolicyParameter, PriceTable } from './cache-policy.js';
import { PriceBook, publishedOrStandIn } from '../prices/index.js';

const CACHING_DOC = 'https://developers.openai.com/api/docs/guides/prompt-caching';

/** Settings of the OpenAI rule; every default is the documented number. */
export interface OpenAIPolicyOptions {
  /** `in-memory` (the default retention) or `24h` (`prompt_cache_retention: "24h"`, extended caching). */
  readonly retention?: 'in-memory' | '24h';
  /**
   * Granularity of a hit above the minimum. The guide says 128 tokens; a recorded gpt-5.6 exchange in
   * the corpus (pydantic-ai cassette `test_openai_chat_prompt_cache_e2e`) read 4,012 of an identical
   * 4,020-token prompt, which is not a multiple of 128: pass 1 for such models.
   */
  readonly increment?: number;
}

/*
 * Why a range: in-memory caches are "typically cleared within 5 to 10 minutes of inactivity, always
 * within one hour". Younger than the low end the prefix is read; between the two ends the provider
 * may or may not still hold it, so the prediction reads it and the range runs down to zero.
 */
function parametersFor(retention: 'in-memory' | '24h', increment: number | undefined): Record<string, PolicyParameter> {
  return {
    // "Caching is enabled automatically for prompts that are 1024 tokens or longer."
    minimumTokens: { value: 1024, unit: 'tokens', source: CACHING_DOC },
    // "cache hits occur ... in increments of 128 tokens" after the first 1024.
    increment:
      increment === undefined
        ? { value: 128, unit: 'tokens', source: CACHING_DOC }
        : { value: increment, unit: 'tokens', source: 'set by the caller (the guide says 128)' },
    retainedAtLeast:
      retention === '24h'
        ? { value: 24 * 3600, unit: 'seconds', source: `${CACHING_DOC} (extended retention, prompt_cache_retention: 24h)` }
        : { value: 5 * 60, unit: 'seconds', source: `${CACHING_DOC} (in-memory: cleared after 5 to 10 minutes of inactivity)` },
    retainedAtMost:
      retention === '24h'
        ? { value: 24 * 3600, unit: 'seconds', source: `${CACHING_DOC} (extended retention, up to 24 hours)` }
        : { value: 10 * 60, unit: 'seconds', source: `${CACHING_DOC} (in-memory: cleared after 5 to 10 minutes of inactivity)` },
  };
}

/** Prices a model the price table does not know (named in every report as a stand-in). */
const STAND_IN_MODEL = 'gpt-5';

/** The longest cached prefix OpenAI serves from `shared` tokens: nothing under 1024, then whole 128-token steps. */
export function openaiCachedTokens(shared: number, minimumTokens = 1024, increment = 128): number {
  if (shared < minimumTokens) return 0;
  return minimumTokens + increment * Math.floor((shared - minimumTokens) / increment);
}

/**
 * The route of an OpenAI request. `prompt_cache_key` is combined with the prefix hash to pick the
 * cache machine, so requests with different keys do not find each other's prefixes: kvprefix models
 * the key as the route's salt, and the replay keeps one store per route.
 */
export function openaiRoute(model: string, promptCacheKey?: string): RouteKey {
  return promptCacheKey === undefined ? { provider: 'openai', model } : { provider: 'openai', model, salt: `prompt_cache_key:${promptCacheKey}` };
}

/** OpenAI's automatic prompt cache (Chat Completions and Responses). */
export function createOpenAIPolicy(options: OpenAIPolicyOptions = {}): CachePolicy {
  if (options.increment !== undefined && (!Number.isInteger(options.increment) || options.increment < 1)) {
    throw new RangeError(`OpenAI cache increment must be a positive integer, got ${options.increment}`);
  }
  const parameters = parametersFor(options.retention ?? 'in-memory', options.increment);
  const minimum = parameters['minimumTokens']!.value;
  const increment = parameters['increment']!.value;
  const atLeast = parameters['retainedAtLeast']!.value;
  const atMost = parameters['retainedAtMost']!.value;
  const readOf = (match: CacheMatch, tokens: number): number =>
    openaiCachedTokens(Math.min(match.sharedTokens, match.entryTokens, tokens), minimum, increment);
  // Asked for on every replayed request: each model's row is looked up once per minute per policy.
  const book = new PriceBook();
  return {
    name: 'openai',
    parameters,
    pricesFor: (model: string, at?: Date): PriceTable => publishedOrStandIn(book, 'openai', model, STAND_IN_MODEL, at),
    predict(input: PolicyInput): CachePrediction {
      let sure = 0;
      let possible = 0;
      for (const match of input.matches) {
        if (match.ageSeconds > atMost) continue;
        const read = readOf(match, input.tokens);
        possible = Math.max(possible, read);
        if (match.ageSeconds <= atLeast) sure = Math.max(sure, read);
      }
      // OpenAI reports no cache writes: what it computes it stores, at no extra charge.
      return { uncached: input.tokens - possible, cacheRead: possible, cacheWrite: 0, cacheReadRange: [sure, possible] };
    },
  };
}

/** The OpenAI rule with its documented defaults (in-memory retention). */
export const openaiPolicy: CachePolicy = createOpenAIPolicy();
