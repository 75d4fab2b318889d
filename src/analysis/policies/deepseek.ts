import { UsageError } from '../../prefix/index.js';
import type { CacheMatch, CachePolicy, CachePrediction, PolicyInput, PolicyParameter, PriceTable } from './cache-policy.js';

/*
 * DeepSeek's context cache ("context caching on disk", api-docs.deepseek.com/guides/kv_cache):
 * automatic, no write fee, a hit only for a whole matching prefix counted from token 0 in whole
 * storage units, entries built at the end of the user input and of the model output, best effort,
 * cleared within hours to days when unused. kvprefix applies it as
 *
 *   read = unit × ⌊min(LCP, total − 1) / unit⌋
 *
 * where LCP is the longest token prefix the request shares with a sequence stored earlier on the
 * same route, and `total − 1` because the last input token is always computed (it yields the first
 * output). Whether the previous response was stored is not determined by content (on the recorded
 * deepseek-v4-flash traffic 23 of 48 follow-ups matched inputs only, 15 inputs plus output), so the
 * prediction is a range: low from `input` matches only, high with `output` matches too; the point
 * prediction is the low end (exact on 70 of 88 recorded requests; README, "Predicted against observed on recorded DeepSeek sessions").
 */

/** Parameters of the DeepSeek policy. */
export interface DeepSeekPolicyOptions {
  /** Storage unit in tokens (default 128, measured; the docs say 64). */
  readonly unit?: number;
  /** Entries unused this long are treated as gone (default 24 h; the docs say "a few hours to a few days"). */
  readonly ttlSeconds?: number;
  /** Price table for every model (default: DeepSeek's published prices for the model). */
  readonly prices?: PriceTable;
}

/** The unit every recorded read on deepseek-v4-flash is a multiple of; the docs' unit is 64. */
export const DEEPSEEK_UNIT: PolicyParameter = {
  value: 128,
  unit: 'tokens',
  source:
    'measured: every cacheReadTokens that DSH recorded on deepseek-v4-flash against the DeepSeek API is a multiple of 128; ' +
    'the docs state 64-token units (api-docs.deepseek.com/guides/kv_cache: "the cache is stored in units of 64 tokens; content shorter than 64 tokens is not cached")',
};

/** How long an unused entry is assumed to survive. */
export const DEEPSEEK_TTL: PolicyParameter = {
  value: 24 * 3600,
  unit: 'seconds',
  source: 'api-docs.deepseek.com/guides/kv_cache: unused cache entries are cleared automatically, "usually within a few hours to a few days"; 24 h assumed',
};

const PRICING_PAGE = 'api-docs.deepseek.com/quick_start/pricing (Models & Pricing, as published in October 2026)';

/**
 * DeepSeek's published prices per million tokens for the Flash models (`deepseek-flash`, and the
 * legacy `deepseek-v4-flash` whose requests are now served and billed as Flash): peak rates, cache
 * hit $0.006, cache miss $0.30, output $1.20; off-peak rates are half. DeepSeek charges no cache
 * write, so a written token costs what an uncached one does.
 */
export const DEEPSEEK_FLASH_PRICES: PriceTable = {
  currency: 'USD',
  input: 0.3,
  cacheRead: 0.006,
  cacheWrite: 0.3,
  output: 1.2,
  source: `${PRICING_PAGE}: deepseek-flash peak rates (off-peak is half); no cache-write fee`,
};

/** The same for `deepseek-v4-pro`: peak cache hit $0.044, cache miss $1.32, output $3.96 (off-peak half). */
export const DEEPSEEK_PRO_PRICES: PriceTable = {
  currency: 'USD',
  input: 1.32,
  cacheRead: 0.044,
  cacheWrite: 1.32,
  output: 3.96,
  source: `${PRICING_PAGE}: deepseek-v4-pro peak rates (off-peak is half); no cache-write fee`,
};

/**
 * Default prices for a DeepSeek model: Pro for `*-pro`, Flash for any other `deepseek-*` id. An id
 * that is not DeepSeek's gets Flash prices marked as a stand-in (`standInFor`).
 */
export function deepseekPricesFor(model: string): PriceTable {
  if (/-pro\b/.test(model)) return DEEPSEEK_PRO_PRICES;
  if (model.startsWith('deepseek-')) return DEEPSEEK_FLASH_PRICES;
  return { ...DEEPSEEK_FLASH_PRICES, source: `${DEEPSEEK_FLASH_PRICES.source} (no row for '${model}': deepseek-flash prices)`, standInFor: model };
}

function readFor(matches: readonly CacheMatch[], tokens: number, unit: number, ttlSeconds: number): number {
  let best = 0;
  for (const match of matches) {
    if (match.ageSeconds > ttlSeconds) continue;
    const shared = Math.min(match.sharedTokens, match.entryTokens, tokens - 1);
    if (shared > best) best = shared;
  }
  return best <= 0 ? 0 : unit * Math.floor(best / unit);
}

/** DeepSeek's automatic prefix cache as a `CachePolicy`, with its parameters overridden where given. */
export function createDeepSeekPolicy(options: DeepSeekPolicyOptions = {}): CachePolicy {
  const unit = options.unit ?? DEEPSEEK_UNIT.value;
  const ttlSeconds = options.ttlSeconds ?? DEEPSEEK_TTL.value;
  if (!Number.isInteger(unit) || unit <= 0) throw new UsageError('usage/deepseek-unit', `DeepSeek cache unit must be a positive integer, got ${unit}: use 128 (measured) or 64 (documented)`);
  const unitParameter: PolicyParameter = options.unit === undefined ? DEEPSEEK_UNIT : { value: unit, unit: 'tokens', source: 'given by the caller' };
  const ttlParameter: PolicyParameter = options.ttlSeconds === undefined ? DEEPSEEK_TTL : { value: ttlSeconds, unit: 'seconds', source: 'given by the caller' };
  return {
    name: 'deepseek',
    parameters: { unit: unitParameter, ttlSeconds: ttlParameter },
    pricesFor: (model) => options.prices ?? deepseekPricesFor(model),
    predict(input: PolicyInput): CachePrediction {
      const low = readFor(input.matches.filter((match) => match.source === 'input'), input.tokens, unit, ttlSeconds);
      const high = Math.max(low, readFor(input.matches, input.tokens, unit, ttlSeconds));
      // No write fee: what is not read is billed as ordinary input, so it is `uncached`, not `cacheWrite`.
      return { uncached: input.tokens - low, cacheRead: low, cacheWrite: 0, cacheReadRange: [low, high] };
    },
  };
}

/** DeepSeek's automatic prefix cache with its default parameters and published prices. */
export const deepseekPolicy: CachePolicy = createDeepSeekPolicy();
