import { UsageError } from '../../prefix/index.js';
import { costOf, type CachePolicy, type CachePolicyName, type PriceTable } from '../policies/cache-policy.js';

/** What a provider's cache policy makes of the simulated hits: tokens as billed, and money. */
export interface PolicyTotals {
  readonly policy: CachePolicyName;
  readonly model: string;
  /** Input tokens the policy bills as uncached, read from cache, and written to it. */
  readonly uncached: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  readonly outputTokens: number;
  /** Cost of every request's input and output with the predicted reuse. */
  readonly cost: number;
  /** Cost of the same requests with nothing reused (every input token at the uncached price). */
  readonly costWithoutCache: number;
  readonly currency: string;
  readonly priceSource: string;
  /** What the replay assumed that a block trace does not record (where breakpoints sit), or null. */
  readonly assumption: string | null;
}

/** One replayed request as the account sees it. */
export interface AccountedRequest {
  readonly inputTokens: number;
  /** Leading input tokens in the cached blocks. */
  readonly hitTokens: number;
  /** Seconds since the least recently used of those blocks was last used. */
  readonly ageSeconds: number;
  readonly outputTokens: number;
  /** Where earlier requests whose whole input this one shares ended, in tokens (each at most `hitTokens`). */
  readonly earlierEnds: readonly number[];
}

/*
 * A block trace records no `cache_control`. Anthropic caches only at explicit breakpoints, so a
 * replay that gave the policy none billed every request as uncached however many blocks hit. The
 * documented way to cache a conversation is a breakpoint on its last message: each request then
 * writes up to its end, and a later request reads the longest earlier one it extends.
 */
const ANTHROPIC_ASSUMPTION =
  'each request carries one cache_control breakpoint at its end (on its last message), so it reads the longest earlier request it extends and writes the rest; a block trace records no breakpoints';

/**
 * Sums a cache policy's predictions over a replay. The replay decides what the cache holds (blocks,
 * capacity, TTL); the policy applies the provider's billing rule to what was found: DeepSeek rounds
 * a hit down to its unit, OpenAI reads nothing under 1,024 tokens, Anthropic reads only at a
 * breakpoint an earlier request wrote, and so on.
 */
export class PolicyAccount {
  readonly #policy: CachePolicy;
  readonly #model: string;
  readonly #prices: PriceTable;
  #uncached = 0;
  #cacheRead = 0;
  #cacheWrite = 0;
  #output = 0;
  #cost = 0;
  #costWithoutCache = 0;

  /** Throws a UsageError when the policy has no price for `model` and would price it as another model. */
  constructor(policy: CachePolicy, model: string) {
    this.#policy = policy;
    this.#model = model;
    this.#prices = policy.pricesFor(model);
    if (this.#prices.standInFor !== undefined) {
      throw new UsageError(
        'usage/unknown-model',
        `the ${policy.name} policy has no price for model '${model}' (${this.#prices.source}): give a model it lists, or its prices with --prices FILE`,
      );
    }
  }

  /** True when the policy reads only where earlier requests placed breakpoints (the replay then reports `earlierEnds`). */
  get needsEarlierEnds(): boolean {
    return this.#policy.name === 'anthropic';
  }

  /** Adds one request. */
  add(request: AccountedRequest): void {
    const { inputTokens, hitTokens, ageSeconds, outputTokens } = request;
    const explicit = this.needsEarlierEnds;
    const matches =
      hitTokens > 0 ? [{ sharedTokens: hitTokens, entryTokens: hitTokens, ageSeconds, source: 'input' as const, ...(explicit ? { breakpoints: request.earlierEnds } : {}) }] : [];
    const prediction = this.#policy.predict({ tokens: inputTokens, matches, model: this.#model, ...(explicit ? { breakpoints: [inputTokens] } : {}) });
    this.#uncached += prediction.uncached;
    this.#cacheRead += prediction.cacheRead;
    this.#cacheWrite += prediction.cacheWrite;
    this.#output += outputTokens;
    this.#cost += costOf(prediction, this.#prices, outputTokens);
    this.#costWithoutCache += costOf({ uncached: inputTokens, cacheRead: 0, cacheWrite: 0 }, this.#prices, outputTokens);
  }

  totals(): PolicyTotals {
    return {
      policy: this.#policy.name,
      model: this.#model,
      uncached: this.#uncached,
      cacheRead: this.#cacheRead,
      cacheWrite: this.#cacheWrite,
      outputTokens: this.#output,
      cost: this.#cost,
      costWithoutCache: this.#costWithoutCache,
      currency: this.#prices.currency,
      priceSource: this.#prices.source,
      assumption: this.needsEarlierEnds ? ANTHROPIC_ASSUMPTION : null,
    };
  }
}
