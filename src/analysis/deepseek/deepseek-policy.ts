import { UsageError } from '../../prefix/index.js';
import { PriceBook } from '../prices/price-book.js';
import { publishedOrStandIn } from '../prices/stand-in.js';
import type { CacheMatch, CachePolicy, CachePrediction, PolicyInput, PolicyParameter, PriceTable } from '../policies/cache-policy.js';

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
  /** Price table for every model (default: DeepSeek's published prices for the model at the request's time). */
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

/** Prices a model id that is not DeepSeek's (named in every report as a stand-in). */
const STAND_IN_MODEL = 'deepseek-v4-flash';

/** Hours of a UTC day, each looked up once to find the day's highest rate. */
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * DeepSeek bills by time of day (peak and off-peak windows, changed on 2026-08-17) and charges no
 * cache write, so a written token costs what an uncached one does. A request whose time the log
 * does not record (DSH's fixtures drop it) is priced at the highest rate in force on the day it is
 * priced, and its source says so: an upper bound, never an off-peak guess. (One policy answers for
 * one day: the row is kept once found.)
 */
function highestRateToday(book: PriceBook, model: string): PriceTable {
  const today = new Date();
  let highest: PriceTable | undefined;
  for (const hour of HOURS) {
    const row = publishedOrStandIn(book, 'deepseek', model, STAND_IN_MODEL, new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hour)));
    if (highest === undefined || row.input > highest.input) highest = row;
  }
  return { ...highest!, source: `${highest!.source}; the request's time is not recorded: the day's highest (peak) rate` };
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
  // Asked for on every replayed request: each model's row is looked up once per minute per policy.
  const book = new PriceBook();
  const untimed = new Map<string, PriceTable>();
  return {
    name: 'deepseek',
    parameters: { unit: unitParameter, ttlSeconds: ttlParameter },
    pricesFor(model, at) {
      if (options.prices !== undefined) return options.prices;
      if (at !== undefined) return publishedOrStandIn(book, 'deepseek', model, STAND_IN_MODEL, at);
      let row = untimed.get(model);
      if (row === undefined) untimed.set(model, (row = highestRateToday(book, model)));
      return row;
    },
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
