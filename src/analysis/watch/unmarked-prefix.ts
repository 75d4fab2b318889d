import { groupDigits } from '../../prefix/group-digits.js';
import type { PrefixRequest, PrefixTokenCounter } from '../../prefix/index.js';
import type { Seen } from '../bodies/wire-sequence.js';
import type { CacheMatch, CachePolicy, CachePrediction, PriceTable } from '../policies/cache-policy.js';
import { cachesAtBreakpoints } from '../openai/breakpoint-rules.js';
import type { WatchLoss } from './watch-prediction.js';

/** What `unmarkedPrefixLoss` compares. */
export interface UnmarkedPrefixInput {
  readonly policy: CachePolicy;
  readonly request: PrefixRequest;
  readonly tokens: number;
  readonly breakpoints: readonly number[];
  readonly predicted: CachePrediction;
  readonly against: Seen;
  readonly nowSeconds: number;
  readonly counter: PrefixTokenCounter;
  readonly prices: PriceTable;
}

/** Leading segments the two requests hold with the same bytes. */
function sameLeadingSegments(earlier: PrefixRequest, request: PrefixRequest): number {
  let shared = 0;
  while (shared < earlier.segments.length && shared < request.segments.length && earlier.segments[shared]!.hash === request.segments[shared]!.hash) shared++;
  return shared;
}

/**
 * Reuse lost to a missing breakpoint, on models that read only at one (OpenAI's GPT-5.6 family):
 * the request sends the earlier one's leading segments unchanged but reads less of them than it
 * would had the earlier request written an entry where they end, because "it does not automatically
 * fall back to the longest matching unmarked prefix" (prompt caching guide). The usual case is a
 * large stable prefix followed by a changed last message: read nothing, write everything again.
 * Null when nothing is lost that way. The cost is each lost token written again instead of read.
 */
export function unmarkedPrefixLoss(input: UnmarkedPrefixInput): WatchLoss | null {
  const { policy, request, against, counter, predicted, prices } = input;
  const model = request.route.model;
  if (policy.name !== 'openai' || !cachesAtBreakpoints(model)) return null;
  const segments = sameLeadingSegments(against.request, request);
  if (segments === 0) return null;
  const boundary = counter.prefixTokens(request.segments, segments);
  if (against.breakpoints.includes(boundary)) return null;
  const ageSeconds = against.time === null ? 0 : Math.max(0, input.nowSeconds - against.time);
  const marked: CacheMatch = { sharedTokens: boundary, entryTokens: against.tokens, ageSeconds, source: 'input', breakpoints: [...against.breakpoints, boundary] };
  const possible = policy.predict({ tokens: input.tokens, matches: [marked], breakpoints: input.breakpoints, model }).cacheRead;
  const lost = possible - predicted.cacheRead;
  if (lost <= 0) return null;
  const last = request.segments[segments - 1]!;
  const perToken = Math.max(0, prices.cacheWrite - prices.cacheRead) / 1_000_000;
  return {
    cause: 'unmarked-prefix',
    detail: `${groupDigits(boundary)} tokens through it are the same as request ${against.index}'s, but no breakpoint ends there and ${model} reads a prefix only at a breakpoint: mark its last content block with prompt_cache_breakpoint`,
    at: { kind: last.kind, name: last.name },
    tokens: lost,
    cost: lost * perToken,
    currency: prices.currency,
  };
}
