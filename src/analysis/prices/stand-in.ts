import type { PriceTable } from '../policies/cache-policy.js';
import type { PriceBook } from './price-book.js';

/**
 * The published row for `model`, or, when the table has none, the row of `standInModel` marked as a
 * stand-in: `standInFor` names the model asked about and `source` says what priced it instead, so
 * no report prices one model as another without saying so.
 */
export function publishedOrStandIn(book: PriceBook, provider: string | readonly string[], model: string, standInModel: string, at?: Date): PriceTable {
  const row = book.lookup(provider, model, at);
  if (row !== undefined) return row;
  const standIn = book.lookup(provider, standInModel, at);
  if (standIn === undefined) throw new Error(`the price table has no row for the stand-in model '${standInModel}' on ${String(provider)}`);
  return { ...standIn, source: `${standIn.source}: no published price for '${model}', priced as ${standInModel}`, standInFor: model };
}
