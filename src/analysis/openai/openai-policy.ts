import type { RouteKey } from '../../prefix/index.js';
import type { CacheMatch, CachePolicy, CachePrediction, PolicyInput, PolicyParameter, PriceTable } from '../policies/cache-policy.js';
import { PriceBook } from '../prices/price-book.js';
import { publishedOrStandIn } from '../prices/stand-in.js';
import { BREAKPOINT_FACTS, CACHING_DOC, cachesAtBreakpoints } from './breakpoint-rules.js';

/** Settings of the OpenAI rule; every default is the documented number. */
export interface OpenAIPolicyOptions {
  /** `in-memory` (the default retention) or `24h` (`prompt_cache_retention: "24h"`, extended caching). */
  readonly retention?: 'in-memory' | '24h';
  /**
   * Granularity of a hit above the minimum, for models before the GPT-5.6 family (the guide says 128
   * tokens). GPT-5.6 and later read exactly at a breakpoint, never rounded.
   */
  readonly increment?: number;
  /**
   * GPT-5.6 and later: how long an entry lives when its request did not say (`prompt_cache_options.ttl`
   * or a breakpoint's own `ttl`). The default is the API's, `30m`.
   */
  readonly breakpointTtl?: '30m' | '12h';
}

/*
 * Why a range: in-memory caches are "typically cleared within 5 to 10 minutes of inactivity, always
 * within one hour". Younger than the low end the prefix is read; between the two ends the provider
 * may or may not still hold it, so the prediction reads it and the range runs down to zero.
 */
function parametersFor(retention: 'in-memory' | '24h', increment: number | undefined, breakpointTtl: '30m' | '12h'): Record<string, PolicyParameter> {
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
    // GPT-5.6 and later (`cachesAtBreakpoints`): reads and writes happen at breakpoints only.
    breakpointMinimumTokens: BREAKPOINT_FACTS.minimumTokens,
    breakpointTtlSeconds:
      breakpointTtl === '12h'
        ? { value: 12 * 3600, unit: 'seconds', source: `${CACHING_DOC}#prompt-cache-breakpoints (prompt_cache_options.ttl: "12h", a minimum lifetime)` }
        : BREAKPOINT_FACTS.ttlSeconds,
    breakpointWriteMultiplier: BREAKPOINT_FACTS.writeMultiplier,
  };
}

/**
 * Prices a model the price table does not know (named in every report as a stand-in): a model that
 * caches at breakpoints takes a GPT-5.6 row, whose writes cost 1.25× input as its own would; any
 * other takes gpt-5's, whose writes are free.
 */
const standInModel = (model: string): string => (cachesAtBreakpoints(model) ? 'gpt-5.6-sol' : 'gpt-5');

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
  return promptCacheKey === undefined ? { provider: 'openai', model } : { provider: 'openai', model, salt: promptCacheKeySalt(promptCacheKey) };
}

/** The route salt of a `prompt_cache_key` (see `openaiRoute`). */
export function promptCacheKeySalt(promptCacheKey: string): string {
  return `prompt_cache_key:${promptCacheKey}`;
}

/**
 * The breakpoint rule of GPT-5.6 and later. A request writes the prefix ending at each of its
 * breakpoints (the body readers mark the ones the API writes: the implicit one at the newest user or
 * tool message unless `prompt_cache_options.mode` is `explicit`, and the latest explicit
 * `prompt_cache_breakpoint`s), every written token billed as a write. It reads the longest live entry
 * an earlier request wrote at a breakpoint inside the prefix it shares, exactly, with no rounding,
 * and never a shorter unmarked prefix: "Unlike earlier models, it does not automatically fall back to
 * the longest matching unmarked prefix before that breakpoint" (the guide). A request with no
 * breakpoint (explicit mode, none marked) "does not use prompt caching" (SDK 7.59.0).
 */
function predictAtBreakpoints(input: PolicyInput, minimum: number, ttlSeconds: number): CachePrediction {
  const own = input.breakpoints ?? [];
  if (own.length === 0) return { uncached: input.tokens, cacheRead: 0, cacheWrite: 0, cacheReadRange: [0, 0] };
  let read = 0;
  for (const match of input.matches) {
    const shared = Math.min(match.sharedTokens, match.entryTokens, input.tokens);
    (match.breakpoints ?? []).forEach((position, at) => {
      if (position > shared || position < minimum || position <= read) return;
      if (match.ageSeconds <= (match.breakpointTtls?.[at] ?? ttlSeconds)) read = position;
    });
  }
  const last = Math.min(Math.max(...own), input.tokens);
  const write = last >= minimum && last > read ? last - read : 0;
  return { uncached: input.tokens - read - write, cacheRead: read, cacheWrite: write, cacheReadRange: [read, read] };
}

/** OpenAI's prompt cache (Chat Completions and Responses): automatic prefix caching before GPT-5.6, breakpoints from it on. */
export function createOpenAIPolicy(options: OpenAIPolicyOptions = {}): CachePolicy {
  if (options.increment !== undefined && (!Number.isInteger(options.increment) || options.increment < 1)) {
    throw new RangeError(`OpenAI cache increment must be a positive integer, got ${options.increment}`);
  }
  const parameters = parametersFor(options.retention ?? 'in-memory', options.increment, options.breakpointTtl ?? '30m');
  const minimum = parameters['minimumTokens']!.value;
  const increment = parameters['increment']!.value;
  const atLeast = parameters['retainedAtLeast']!.value;
  const atMost = parameters['retainedAtMost']!.value;
  const breakpointMinimum = parameters['breakpointMinimumTokens']!.value;
  const breakpointTtl = parameters['breakpointTtlSeconds']!.value;
  const readOf = (match: CacheMatch, tokens: number): number =>
    openaiCachedTokens(Math.min(match.sharedTokens, match.entryTokens, tokens), minimum, increment);
  // Asked for on every replayed request: each model's row is looked up once per minute per policy.
  const book = new PriceBook();
  return {
    name: 'openai',
    parameters,
    pricesFor: (model: string, at?: Date): PriceTable => publishedOrStandIn(book, 'openai', model, standInModel(model), at),
    predict(input: PolicyInput): CachePrediction {
      if (input.model !== undefined && cachesAtBreakpoints(input.model)) return predictAtBreakpoints(input, breakpointMinimum, breakpointTtl);
      let sure = 0;
      let possible = 0;
      for (const match of input.matches) {
        if (match.ageSeconds > atMost) continue;
        const read = readOf(match, input.tokens);
        possible = Math.max(possible, read);
        if (match.ageSeconds <= atLeast) sure = Math.max(sure, read);
      }
      // Before GPT-5.6 a write costs nothing extra: "Cache writes have no additional fee on models before the GPT-5.6 family" (the guide).
      return { uncached: input.tokens - possible, cacheRead: possible, cacheWrite: 0, cacheReadRange: [sure, possible] };
    },
  };
}

/** The OpenAI rule with its documented defaults (in-memory retention). */
export const openaiPolicy: CachePolicy = createOpenAIPolicy();
