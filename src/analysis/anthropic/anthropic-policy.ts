import { UsageError } from '../../prefix/index.js';
import { PriceBook } from '../prices/price-book.js';
import { publishedOrStandIn } from '../prices/stand-in.js';
import type { CacheMatch, CachePolicy, CachePrediction, PolicyInput, PolicyParameter, PriceTable } from '../policies/cache-policy.js';

const CACHING_DOC = 'https://platform.claude.com/docs/en/build-with-claude/prompt-caching';
const PRICING_DOC = 'https://platform.claude.com/docs/en/about-claude/pricing';

/** Settings of the Anthropic rule; every default is the documented number. */
export interface AnthropicPolicyOptions {
  /**
   * The TTL every breakpoint is written with, whatever the body asks (a what-if: `--ttl 1h`). Absent:
   * each breakpoint's own `ttl` (`5m`, the default `ephemeral`, or `1h`).
   */
  readonly ttl?: '5m' | '1h';
}

/**
 * Minimum cacheable prefix per model family, longest id prefix first. A breakpoint whose prefix is
 * shorter is neither written nor read ("Caching only activates once the marked content exceeds a
 * minimum token count"; table in the prompt-caching doc).
 */
const MINIMUM_TOKENS: ReadonlyArray<readonly [modelPrefix: string, tokens: number]> = [
  ['claude-opus-5', 512],
  ['claude-opus-4-7', 2048],
  ['claude-opus-4-6', 4096],
  ['claude-opus-4-5', 4096],
  ['claude-haiku-4-5', 4096],
  // The doc once listed Sonnet 4.6 at 1,024, but caching started at 2,048 in practice
  // (anthropics/anthropic-sdk-python#1194); later copies of the table say 2,048.
  ['claude-sonnet-4-6', 2048],
  ['claude-3-5-haiku', 2048],
  ['claude-3-haiku', 2048],
];
// Opus 4.8, Opus 4.1, Opus 4, Sonnet 4.5, Sonnet 4, Sonnet 3.7, Opus 3.
const DEFAULT_MINIMUM_TOKENS = 1024;

/**
 * The row that prices a model the price table does not know, named in the stand-in's `source` and
 * marked with `standInFor` so every report says so.
 */
const STAND_IN_MODEL = 'claude-sonnet-4-5';

/**
 * Where Claude is sold: Anthropic's own API first, then Bedrock (`aws`: ids such as
 * `converse/jp.anthropic.claude-haiku-4-5-20251001-v1:0`, at its regional rates) and Vertex (`google`).
 */
const CLAUDE_PROVIDERS = ['anthropic', 'aws', 'google'] as const;

function longestPrefix<T extends readonly [string, ...unknown[]]>(rows: readonly T[], model: string): T | undefined {
  let best: T | undefined;
  for (const row of rows) if (model.startsWith(row[0]) && (best === undefined || row[0].length > best[0].length)) best = row;
  return best;
}

/** Anthropic's minimum cacheable prompt length for a model id (1024 / 2048 / 4096 by family). */
export function anthropicMinimumTokens(model: string | undefined): number {
  return (model === undefined ? undefined : longestPrefix(MINIMUM_TOKENS, model)?.[1]) ?? DEFAULT_MINIMUM_TOKENS;
}

function parametersFor(ttl: '5m' | '1h'): Record<string, PolicyParameter> {
  return {
    maxBreakpoints: { value: 4, unit: 'breakpoints', source: `${CACHING_DOC} ("up to 4 cache breakpoints")` },
    lookbackBlocks: { value: 20, unit: 'blocks', source: `${CACHING_DOC} (hits are checked at block boundaries up to 20 blocks before each breakpoint)` },
    minimumTokens: { value: DEFAULT_MINIMUM_TOKENS, unit: 'tokens', source: `${CACHING_DOC} (1024; 512 for Opus 5; 2048 for Opus 4.7, Sonnet 4.6 and Haiku 3/3.5; 4096 for Opus 4.5/4.6 and Haiku 4.5)` },
    ttlSeconds:
      ttl === '1h'
        ? { value: 3600, unit: 'seconds', source: `${CACHING_DOC} (ttl: "1h")` }
        : { value: 300, unit: 'seconds', source: `${CACHING_DOC} (default ephemeral TTL, refreshed on every hit)` },
    writeMultiplier:
      ttl === '1h'
        ? { value: 2, unit: '× base input', source: `${PRICING_DOC} (1-hour cache writes)` }
        : { value: 1.25, unit: '× base input', source: `${PRICING_DOC} (5-minute cache writes)` },
    readMultiplier: { value: 0.1, unit: '× base input', source: `${PRICING_DOC} (cache hits and refreshes)` },
    // Prices a 1-hour write where the price table's row has no 1-hour rate (its Bedrock rows).
    oneHourWriteMultiplier: { value: 2, unit: '× base input', source: `${PRICING_DOC} (1-hour cache writes)` },
  };
}

/** One breakpoint of the request being predicted: where it ends, how long its entry lives, and the blocks through it. */
interface Mark {
  readonly position: number;
  readonly ttlSeconds: number;
  readonly block: number | undefined;
}

/**
 * True when an earlier entry ending at `position` can be found from one of this request's
 * breakpoints: at or after it, and at most `lookback` blocks after it. Blocks are counted from the
 * two requests' own block counts where the reader gave them (an entry at a shared position ends after
 * the same blocks in both), else from the request's block ends; with neither, every breakpoint at or
 * after the entry reaches it.
 */
function reachable(position: number, entryBlock: number | undefined, marks: readonly Mark[], blockEnds: readonly number[] | undefined, lookback: number): boolean {
  if (entryBlock !== undefined && marks.every((mark) => mark.block !== undefined)) {
    return marks.some((mark) => mark.position >= position && mark.block! - entryBlock <= lookback);
  }
  if (blockEnds === undefined) return marks.some((mark) => mark.position >= position);
  const at = blockEnds.indexOf(position);
  if (at < 0) return false; // entries are keyed by a prefix that ends on a block boundary of this request
  return marks.some((mark) => {
    const from = blockEnds.indexOf(mark.position);
    return from >= at && from - at <= lookback;
  });
}

/** The request's breakpoints in token order, each position once (the longest TTL where two share one). */
function marksOf(input: PolicyInput, forcedTtl: number | undefined, defaultTtl: number): Mark[] {
  const byPosition = new Map<number, Mark>();
  (input.breakpoints ?? []).forEach((position, at) => {
    const ttlSeconds = forcedTtl ?? input.breakpointTtls?.[at] ?? defaultTtl;
    const block = input.breakpointBlocks?.[at];
    const known = byPosition.get(position);
    if (!known || known.ttlSeconds < ttlSeconds) byPosition.set(position, { position, ttlSeconds, block });
  });
  return [...byPosition.values()].sort((a, b) => a.position - b.position);
}

/**
 * Anthropic's explicit prompt cache. The prompt is hashed in tools → system → messages order; a
 * request writes the prefix ending at each of its `cache_control` breakpoints (at most 4) and reads the
 * longest live entry that an earlier request wrote at a block boundary it shares, found by looking
 * back at most 20 blocks from one of its own breakpoints. Prefixes under the model's minimum are
 * neither written nor read. Entries live for the TTL, refreshed on each hit.
 */
export function createAnthropicPolicy(options: AnthropicPolicyOptions = {}): CachePolicy {
  const ttl = options.ttl ?? '5m';
  // Given, the TTL every breakpoint is written with (a what-if); absent, each breakpoint's own `ttl`.
  const forcedTtl = options.ttl === undefined ? undefined : ttl === '1h' ? 3600 : 300;
  const parameters = parametersFor(ttl);
  const lookback = parameters['lookbackBlocks']!.value;
  const ttlSeconds = parameters['ttlSeconds']!.value;
  const oneHourWriteMultiplier = parameters['oneHourWriteMultiplier']!.value;

  function readFrom(match: CacheMatch, input: PolicyInput, marks: readonly Mark[], minimum: number): number {
    const shared = Math.min(match.sharedTokens, match.entryTokens, input.tokens);
    let best = 0;
    const positions = match.breakpoints ?? [];
    for (let at = 0; at < positions.length; at++) {
      const position = positions[at]!;
      // Each entry lives for the TTL it was written with (a request may write 1h and 5m entries).
      // Under a forced TTL (the what-if) the earlier requests wrote theirs with it too, whatever
      // their bodies asked: every breakpoint of the replay is written with that TTL.
      if (match.ageSeconds > (forcedTtl ?? match.breakpointTtls?.[at] ?? ttlSeconds)) continue;
      if (position > shared || position < minimum || position <= best) continue;
      if (reachable(position, match.breakpointBlocks?.[at], marks, input.blockEnds, lookback)) best = position;
    }
    return best;
  }

  // Asked for on every replayed request: each model's row is looked up once per minute per policy.
  const book = new PriceBook();
  const withHourRate = (row: PriceTable): PriceTable =>
    row.cacheWrite1h !== undefined ? row : { ...row, cacheWrite1h: row.input * oneHourWriteMultiplier, source: `${row.source}; 1-hour writes at ${oneHourWriteMultiplier}× input (${PRICING_DOC})` };
  return {
    name: 'anthropic',
    // Bedrock's prompt cache for Claude keeps Anthropic's rules (explicit cache points, minimums, 5-minute TTL):
    // https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html
    providers: ['anthropic', 'bedrock'],
    parameters,
    pricesFor: (model: string, at?: Date): PriceTable => withHourRate(publishedOrStandIn(book, CLAUDE_PROVIDERS, model, STAND_IN_MODEL, at)),
    // A request with more than `maxBreakpoints` is one the API refuses (400); `anthropicRequestProblems`
    // names it before sending. It is predicted as if sent, so the report still shows what it shares.
    predict(input: PolicyInput): CachePrediction {
      const marks = marksOf(input, forcedTtl, ttlSeconds);
      const minimum = anthropicMinimumTokens(input.model);
      let read = 0;
      for (const match of input.matches) read = Math.max(read, readFrom(match, input, marks, minimum));
      const last = marks.at(-1)?.position;
      const write = last !== undefined && last >= minimum && last > read ? Math.min(last, input.tokens) - read : 0;
      // The 1-hour part of the write: up to the last 1-hour breakpoint (longer TTLs come first, so
      // every token before it is held for the hour), priced at the 1-hour rate.
      let longEnd = 0;
      for (const mark of marks) if (mark.ttlSeconds >= 3600 && mark.position >= minimum) longEnd = Math.min(mark.position, input.tokens);
      const cacheWrite1h = write > 0 ? Math.min(write, Math.max(0, longEnd - read)) : 0;
      return { uncached: input.tokens - read - write, cacheRead: read, cacheWrite: write, ...(cacheWrite1h > 0 ? { cacheWrite1h } : {}), cacheReadRange: [read, read] };
    },
  };
}

/** The Anthropic rule with its documented defaults (5-minute TTL). */
export const anthropicPolicy: CachePolicy = createAnthropicPolicy();
