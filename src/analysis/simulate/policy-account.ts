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
}

/**
 * Sums a cache policy's predictions over a replay. The replay decides what the cache holds (blocks,
 * capacity, TTL); the policy applies the provider's billing rule to what was found: DeepSeek rounds
 * a hit down to its unit, OpenAI reads nothing under 1,024 tokens, and so on.
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

  constructor(policy: CachePolicy, model: string) {
    this.#policy = policy;
    this.#model = model;
    this.#prices = policy.pricesFor(model);
  }

  /** Adds one request: its input length, the leading tokens the cache held, their age, and its output length. */
  add(inputTokens: number, hitTokens: number, ageSeconds: number, outputTokens: number): void {
    const matches = hitTokens > 0 ? [{ sharedTokens: hitTokens, entryTokens: hitTokens, ageSeconds, source: 'input' as const }] : [];
    const prediction = this.#policy.predict({ tokens: inputTokens, matches, model: this.#model });
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
    };
  }
}
