import { calcPrice, type ModelPrice, type TieredPrices } from '@pydantic/genai-prices';
import type { LongContextPrices, PriceTable } from '../policies/cache-policy.js';

/**
 * Published model prices from `@pydantic/genai-prices`, a maintained table of every provider's rows
 * with their start dates, long-context tiers and 1-hour cache writes. The table ships inside the
 * package (nothing is fetched), so a price is the one its release knew; its version is named in
 * every `source` so a report says which table priced it.
 */
const TABLE = '@pydantic/genai-prices 0.1.8';

type Price = number | TieredPrices | undefined;

/** The base (short-context) rate of a price entry. */
function baseOf(price: Price): number | undefined {
  return typeof price === 'object' ? price.base : price;
}

/**
 * The first tier of a price entry: genai-prices prices every token of a request at the tier's rate
 * once the request's whole input exceeds `start` (Anthropic's and OpenAI's long-context pricing).
 */
function tierOf(price: Price): { readonly start: number; readonly price: number } | undefined {
  return typeof price === 'object' ? price.tiers[0] : undefined;
}

function longContextOf(row: ModelPrice, input: number, cacheRead: number, cacheWrite: number, cacheWrite1h: number | undefined, output: number): LongContextPrices | undefined {
  const threshold = tierOf(row['input_mtok'])?.start;
  if (threshold === undefined) return undefined;
  const tiered = (key: string, base: number): number => {
    const tier = tierOf(row[key]);
    return tier !== undefined && tier.start === threshold ? tier.price : base;
  };
  return {
    aboveInputTokens: threshold,
    input: tiered('input_mtok', input),
    cacheRead: tiered('cache_read_mtok', cacheRead),
    cacheWrite: tiered('cache_write_mtok', cacheWrite),
    ...(cacheWrite1h === undefined ? {} : { cacheWrite1h: tiered('cache_write_1h_mtok', cacheWrite1h) }),
    output: tiered('output_mtok', output),
  };
}

/**
 * The table's row for `model` on the first of `provider` that has one (genai-prices provider ids:
 * `anthropic`, `openai`, `deepseek`, `aws` for Bedrock, `google` for Vertex, …), in force at `at`
 * (default: now), or `undefined` when none has a row for it. A model is never looked up on a
 * provider the caller did not name: a bare unknown id must not take another provider's row of a
 * similar name.
 *
 * Where the row has no cache-write price (OpenAI before GPT-5.6, DeepSeek: writes are not billed as
 * such) `cacheWrite` is the input price, so a written token costs what an uncached one does.
 */
export function publishedPrices(provider: string | readonly string[], model: string, at?: Date): PriceTable | undefined {
  const when = at !== undefined && !Number.isNaN(at.getTime()) ? at : undefined;
  const options = when === undefined ? {} : { timestamp: when };
  let found: ReturnType<typeof calcPrice> = null;
  for (const providerId of typeof provider === 'string' ? [provider] : provider) {
    found = calcPrice({ input_tokens: 0, output_tokens: 0 }, model, { ...options, providerId });
    if (found !== null) break;
  }
  if (found === null) return undefined;
  const row = found.model_price;
  const input = baseOf(row['input_mtok']);
  const output = baseOf(row['output_mtok']);
  if (input === undefined || output === undefined) return undefined;
  const cacheRead = baseOf(row['cache_read_mtok']) ?? input;
  const cacheWrite = baseOf(row['cache_write_mtok']) ?? input;
  const cacheWrite1h = baseOf(row['cache_write_1h_mtok']);
  const longContext = longContextOf(row, input, cacheRead, cacheWrite, cacheWrite1h, output);
  const dated = when === undefined ? 'in force now' : `in force ${when.toISOString().slice(0, 10)}`;
  return {
    currency: 'USD',
    input,
    cacheRead,
    cacheWrite,
    ...(cacheWrite1h === undefined ? {} : { cacheWrite1h }),
    output,
    ...(longContext === undefined ? {} : { longContext }),
    source: `${TABLE} (${found.provider.id} ${found.model.id}, ${dated})`,
  };
}
