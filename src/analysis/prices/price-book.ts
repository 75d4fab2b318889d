import type { PriceTable } from '../policies/cache-policy.js';
import { publishedPrices } from './published-prices.js';

/**
 * Published prices looked up once per provider, model and minute. A replay asks for the price of
 * every request; the table's rows change by date and, for DeepSeek, by time of day (its peak windows
 * start on the minute), so a minute is the finest step a price can change at. Each policy keeps its
 * own book: no lookup is shared across callers.
 */
export class PriceBook {
  readonly #rows = new Map<string, PriceTable | null>();

  /** The row for `model` on the first of `provider` that has one, in force at `at` (now when absent), or undefined when the table has none. */
  lookup(provider: string | readonly string[], model: string, at?: Date): PriceTable | undefined {
    const minute = at === undefined || Number.isNaN(at.getTime()) ? 'now' : Math.floor(at.getTime() / 60_000);
    const key = `${typeof provider === 'string' ? provider : provider.join(',')}\u0000${model}\u0000${minute}`;
    let row = this.#rows.get(key);
    if (row === undefined) {
      row = publishedPrices(provider, model, at) ?? null;
      this.#rows.set(key, row);
    }
    return row ?? undefined;
  }
}
