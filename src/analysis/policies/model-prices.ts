import type { PriceTable } from './cache-policy.js';

/** Prices of one model family per million tokens, keyed by the model id's prefix (ids carry date suffixes). */
export interface ModelPrices {
  readonly model: string;
  readonly input: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  readonly output: number;
}

/**
 * The entry whose `model` is the longest prefix of `model` ending at a `-` (so `gpt-4o-mini-2024-07-18` takes the
 * `gpt-4o-mini` row, not `gpt-4o`), or the `fallback` row for a model the table does not know. The
 * fallback keeps a cost on the report for unknown models; the `source` says which row was used.
 */
export function pricesByModelPrefix(
  table: readonly ModelPrices[],
  model: string,
  currency: string,
  source: string,
  fallback: string,
): PriceTable {
  let best: ModelPrices | undefined;
  for (const row of table) {
    // A row covers its id and dated or suffixed ids (`gpt-5-2025-08-07`), not a newer family (`gpt-5.6`).
    const covers = model === row.model || model.startsWith(`${row.model}-`);
    if (covers && (best === undefined || row.model.length > best.model.length)) best = row;
  }
  const row = best ?? table.find((candidate) => candidate.model === fallback);
  if (row === undefined) throw new Error(`price table has no fallback row '${fallback}'`);
  const used = best === undefined ? `${source} (no row for '${model}': ${fallback} prices)` : `${source} (${row.model})`;
  return { currency, input: row.input, cacheRead: row.cacheRead, cacheWrite: row.cacheWrite, output: row.output, source: used, ...(best === undefined ? { standInFor: model } : {}) };
}
