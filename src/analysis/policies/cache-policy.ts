import type { CacheUsage } from '../../providers/index.js';

/**
 * The contract every provider cache policy implements (one module per provider or engine under
 * `src/analysis/policies/`). A policy is a pure rule over token positions: given a request and what
 * the cache holds from earlier requests, it says how many input tokens are read from the cache,
 * written to it, and sent uncached. Numbers are parameters with their documented source, never
 * constants buried in code.
 */

/** Names of the policies kvprefix ships (and the CLI's `--policy`). */
export type CachePolicyName = 'deepseek' | 'openai' | 'anthropic' | 'vllm' | 'sglang';

/** A number a policy depends on, with where it comes from (a doc URL, or a measurement in this repo). */
export interface PolicyParameter {
  readonly value: number;
  readonly unit: string;
  readonly source: string;
}

// The usage a policy predicts is the one a model call reports (`providers/model/usage.ts`).
export type { CacheUsage };

/** A policy's prediction for one request. */
export interface CachePrediction extends CacheUsage {
  /**
   * Where the provider's behaviour is not determined by content alone (DeepSeek stores the previous
   * output only sometimes), the lowest and highest cache read it could report. Equal to
   * `[cacheRead, cacheRead]` when determined.
   */
  readonly cacheReadRange: readonly [low: number, high: number];
}

/**
 * The rates of a request whose whole input is above `aboveInputTokens`: every token of such a
 * request is billed at them (Anthropic's and OpenAI's long-context pricing).
 */
export interface LongContextPrices {
  readonly aboveInputTokens: number;
  readonly input: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  readonly cacheWrite1h?: number;
  readonly output: number;
}

/** Prices per million tokens, in one currency. Users override them with `--prices FILE`. */
export interface PriceTable {
  readonly currency: string;
  readonly input: number;
  readonly cacheRead: number;
  /** A cache write with the provider's default (shortest) TTL: Anthropic's 5-minute write. */
  readonly cacheWrite: number;
  /** A 1-hour cache write (Anthropic: 2× input); absent where the provider has no such write. */
  readonly cacheWrite1h?: number;
  readonly output: number;
  /** Rates that replace these when a request's whole input is above a threshold. */
  readonly longContext?: LongContextPrices;
  readonly source: string;
  /**
   * Set when the table has no row for the model asked about and these are another model's prices
   * (named in `source`): the model that was asked about. A caller pricing one named model refuses
   * such a stand-in instead of printing another model's cost as if it were this one's.
   */
  readonly standInFor?: string;
}

/**
 * Cost of one request's input (and output when known) under a price table: 1-hour writes
 * (`usage.cacheWrite1h`, a part of `cacheWrite`) at the 1-hour rate, the rest at the default write
 * rate, and every token at the long-context rates when the request's whole input is above them.
 */
export function costOf(usage: CacheUsage, prices: PriceTable, outputTokens = 0): number {
  const total = usage.uncached + usage.cacheRead + usage.cacheWrite;
  const rates = prices.longContext !== undefined && total > prices.longContext.aboveInputTokens ? prices.longContext : prices;
  const hour = Math.min(usage.cacheWrite1h ?? 0, usage.cacheWrite);
  const hourRate = rates.cacheWrite1h ?? rates.cacheWrite;
  return (
    (usage.uncached * rates.input + usage.cacheRead * rates.cacheRead + (usage.cacheWrite - hour) * rates.cacheWrite + hour * hourRate + outputTokens * rates.output) /
    1_000_000
  );
}

/**
 * One entry the cache could serve this request from: an earlier sequence on the same route, how many
 * leading tokens this request shares with it, and how long ago it was last written or read. The
 * replay (not the policy) keeps the store and finds these; the policy applies the provider's rule.
 */
export interface CacheMatch {
  /** Leading tokens this request shares with the stored sequence. */
  readonly sharedTokens: number;
  /** Length of the stored sequence, in tokens. */
  readonly entryTokens: number;
  /** Seconds since the entry was last written or read (TTL is measured from here). */
  readonly ageSeconds: number;
  /**
   * `input`: an earlier request's input. `output`: an earlier request's input followed by its
   * response, which some providers store only sometimes (their reads give the range's high end).
   */
  readonly source: 'input' | 'output';
  /** Token offsets at which the earlier request placed explicit cache breakpoints (Anthropic). */
  readonly breakpoints?: readonly number[];
  /**
   * The TTL in seconds of the entry at each breakpoint, in the order of `breakpoints`, where the log
   * says which TTL each write had (Anthropic's 5-minute and 1-hour writes can mix in one request).
   * Absent: the policy's own TTL.
   */
  readonly breakpointTtls?: readonly number[];
  /** Content blocks through each breakpoint of the earlier request, in the order of `breakpoints` (Anthropic's lookback counts blocks). */
  readonly breakpointBlocks?: readonly number[];
}

/** What a policy needs to predict one request. */
export interface PolicyInput {
  /** Input tokens of the request. */
  readonly tokens: number;
  /** Live and expired candidates alike: the policy applies its own TTL. */
  readonly matches: readonly CacheMatch[];
  /** Token offsets of this request's explicit cache breakpoints (Anthropic `cache_control`); empty for automatic caches. */
  readonly breakpoints?: readonly number[];
  /** Seconds each of this request's breakpoints asks its entry to live (its `ttl`), in the order of `breakpoints`; absent: the policy's TTL. */
  readonly breakpointTtls?: readonly number[];
  /**
   * Content blocks through each of this request's breakpoints, in the order of `breakpoints`. With
   * the matches' own counts, an earlier entry is reachable from a breakpoint at most the lookback's
   * blocks after it (Anthropic's 20).
   */
  readonly breakpointBlocks?: readonly number[];
  /** The model, where a rule depends on it (Anthropic's per-model minimum). */
  readonly model?: string;
  /**
   * Token offsets at which each content block of this request ends, in order (Anthropic looks for
   * earlier cache entries only at block boundaries, at most 20 blocks back from a breakpoint). When
   * absent, every earlier breakpoint inside the shared prefix counts as reachable.
   */
  readonly blockEnds?: readonly number[];
}

/** A provider's cache rule: a pure function from what the cache holds to what this request reads and writes. */
export interface CachePolicy {
  readonly name: CachePolicyName;
  /**
   * The providers whose cache this policy models: `--policy auto` picks it for their requests
   * (default: the provider of its own name). A provider no policy names is replayed with the OpenAI
   * policy, and the tree's notes say it was assumed.
   */
  readonly providers?: readonly string[];
  /** Every number the rule uses, with its source. */
  readonly parameters: Readonly<Record<string, PolicyParameter>>;
  /**
   * Default prices for a model on this provider, in force at `at` when given (users override them
   * with `--prices FILE`). A model the price table has no row for gets a stand-in row with
   * `standInFor` set, which every report names.
   */
  pricesFor(model: string, at?: Date): PriceTable;
  predict(input: PolicyInput): CachePrediction;
}
