import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import * as z from 'zod';
import { InputError } from '../../prefix/index.js';
import { readInputText } from '../../providers/input/index.js';
import { yamlValue } from '../wire/parse-yaml-text.js';
import type { CachePolicy, PriceTable } from './cache-policy.js';
import type { InputLimit } from '../../providers/input/input-chunks.js';

const perMillion = z.number().finite().nonnegative();

const modelPricesSchema = z.strictObject({
  input: perMillion,
  cacheRead: perMillion,
  cacheWrite: perMillion,
  /** A 1-hour write (Anthropic); absent: 1-hour writes cost `cacheWrite`. */
  cacheWrite1h: perMillion.optional(),
  output: perMillion,
});

/**
 * `--prices FILE`: per policy, per model id prefix (`"*"` for every other model), USD (or `currency`)
 * per million tokens. JSON or YAML:
 *
 * ```yaml
 * currency: USD
 * source: our negotiated rates, 2026-11
 * prices:
 *   anthropic:
 *     claude-sonnet-4-5: { input: 3, cacheRead: 0.3, cacheWrite: 3.75, cacheWrite1h: 6, output: 15 }
 *   vllm:
 *     "*": { input: 0.05, cacheRead: 0.005, cacheWrite: 0, output: 0.2 }
 * ```
 */
const priceFileSchema = z.strictObject({
  currency: z.string().min(1).optional(),
  source: z.string().min(1).optional(),
  prices: z.record(z.string().min(1), z.record(z.string().min(1), modelPricesSchema)),
});

type PriceFileContent = z.infer<typeof priceFileSchema>;

/** Prices a user supplied, consulted before each policy's documented defaults. */
export interface PriceOverrides {
  readonly file: string;
  /**
   * The user's price for `model` on `policy`, or the policy's default when the file has none for it;
   * an InputError when that default is in another currency than the file's.
   */
  pricesFor(policy: CachePolicy, model: string, at?: Date): PriceTable;
}

/** The 1-based line where the value at `path` starts, when the document knows it. */
function lineOf(document: Document, lineCounter: LineCounter, path: readonly PropertyKey[]): number | undefined {
  for (let length = path.length; length >= 0; length--) {
    const node = document.getIn(path.slice(0, length) as unknown[], true);
    const range = isScalar(node) || isMap(node) || isSeq(node) ? node.range : undefined;
    if (range) return lineCounter.linePos(range[0]).line;
  }
  return undefined;
}

function overridesFrom(content: PriceFileContent, file: string): PriceOverrides {
  const currency = content.currency ?? 'USD';
  const source = content.source === undefined ? file : `${content.source} (${file})`;
  return {
    file,
    pricesFor(policy: CachePolicy, model: string, at?: Date): PriceTable {
      const models = content.prices[policy.name];
      if (models !== undefined) {
        let best: string | undefined;
        for (const key of Object.keys(models)) {
          if (key !== '*' && model.startsWith(key) && (best === undefined || key.length > best.length)) best = key;
        }
        const row = models[best ?? '*'];
        if (row !== undefined) {
          const { cacheWrite1h, ...rates } = row;
          return { currency, ...rates, ...(cacheWrite1h === undefined ? {} : { cacheWrite1h }), source: `${source}: ${policy.name} ${best ?? '*'}` };
        }
      }
      const defaults = policy.pricesFor(model, at);
      // A total adds every request's cost: a default in another currency would be summed as if it
      // were in the file's, so such a file is refused for the model it does not price.
      if (defaults.currency !== currency) {
        throw new InputError(
          'input/prices-currency',
          `prices are in ${currency} but have no row for ${policy.name} model '${model}', whose default price is in ${defaults.currency}: add a row for it (or a "*" row) under prices.${policy.name}, so that no total mixes currencies`,
          { source: file },
        );
      }
      return defaults;
    },
  };
}

/** Reads a price file's text (JSON is YAML, so one parser reads both and knows every value's line). */
export function parsePriceText(text: string, file: string): PriceOverrides {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: true });
  const [syntax] = document.errors;
  if (syntax) {
    const reason = syntax.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new InputError('input/malformed-prices', `not valid JSON or YAML: ${reason}`, { source: file, line: syntax.linePos?.[0]?.line });
  }
  const parsed = priceFileSchema.safeParse(yamlValue(() => document.toJS({ maxAliasCount: 100 }), file));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length === 0 ? 'the file' : issue.path.map(String).join('.');
    throw new InputError('input/bad-prices', `${where}: ${issue.message}`, { source: file, line: lineOf(document, lineCounter, issue.path) });
  }
  return overridesFrom(parsed.data, file);
}

/**
 * Reads `--prices FILE` (JSON or YAML) through the shared input reader (size limit, strict UTF-8,
 * devices refused); an InputError names the file, line and reason.
 */
export async function readPriceFile(file: string, input: InputLimit = {}): Promise<PriceOverrides> {
  return parsePriceText(await readInputText(file, input), file);
}

/** `policy` with the user's prices in front of its defaults (same rule, same parameters). */
export function withPrices(policy: CachePolicy, overrides: PriceOverrides): CachePolicy {
  return { ...policy, pricesFor: (model: string, at?: Date) => overrides.pricesFor(policy, model, at) };
}
