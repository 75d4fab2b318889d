import type { PriceTable } from '../policies/cache-policy.js';
import { findPriceModel, priceRowAt, type PriceModel } from './published-prices.js';

/**
 * Published prices, each model found once and each row looked up once per step its price can change
 * at: never (one row), a day (start dates) or a minute (DeepSeek's peak hours start on the minute).
 * A replay asks for the price of every request, so this is on its hot path. Each policy keeps its
 * own book: no lookup is shared across callers.
 */
export class PriceBook {
  readonly #models = new Map<string, PriceModel | null>();
  readonly #rows = new Map<string, PriceTable | null>();

  /** The row for `model` on the first of `provider` that has one, in force at `at` (now when absent), or undefined. */
  lookup(provider: string | readonly string[], model: string, at?: Date): PriceTable | undefined {
    const modelKey = `${typeof provider === 'string' ? provider : provider.join(',')}\u0000${model}`;
    let found = this.#models.get(modelKey);
    if (found === undefined) this.#models.set(modelKey, (found = findPriceModel(provider, model) ?? null));
    if (found === null) return undefined;
    const time = at === undefined || Number.isNaN(at.getTime()) ? undefined : at.getTime();
    const step = found.changes === 'never' ? 'always' : time === undefined ? 'now' : Math.floor(time / (found.changes === 'by-day' ? 86_400_000 : 60_000));
    const rowKey = `${modelKey}\u0000${step}`;
    let row = this.#rows.get(rowKey);
    if (row === undefined) this.#rows.set(rowKey, (row = priceRowAt(found, at) ?? null));
    return row ?? undefined;
  }
}
