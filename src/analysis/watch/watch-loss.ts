import type { PrefixRequest, PrefixTokenCounter } from '../../prefix/index.js';
import type { Seen } from '../bodies/wire-sequence.js';
import type { CacheMatch, CachePolicy, CachePrediction, PriceTable } from '../policies/cache-policy.js';
import type { RequestDivergence } from '../result/session-analysis.js';
import { UNBROKEN_CAUSES } from '../causes/cause-catalog.js';
import { unmarkedPrefixLoss } from './unmarked-prefix.js';
import type { WatchLoss } from './watch-prediction.js';


/** What `lossOf` compares. */
export interface LossInput {
  readonly policy: CachePolicy;
  readonly request: PrefixRequest;
  readonly tokens: number;
  readonly breakpoints: readonly number[];
  readonly predicted: CachePrediction;
  readonly matches: readonly CacheMatch[];
  readonly divergence: RequestDivergence | null;
  readonly against: Seen | undefined;
  readonly nowSeconds: number;
  readonly counter: PrefixTokenCounter;
  readonly prices: PriceTable;
}

/** Tokens of the leading segments two requests hold with the same bytes, whatever their routes (a segment's hash is of its bytes only). */
function sameBytesTokens(earlier: PrefixRequest, request: PrefixRequest, counter: PrefixTokenCounter): number {
  let shared = 0;
  while (shared < earlier.segments.length && shared < request.segments.length && earlier.segments[shared]!.hash === request.segments[shared]!.hash) shared++;
  return counter.prefixTokens(request.segments, shared);
}

/** `7m 12s`, `1h 3m`, `42s` */
export function durationText(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole}s`;
  if (whole < 3600) return `${Math.floor(whole / 60)}m ${whole % 60}s`;
  return `${Math.floor(whole / 3600)}h ${Math.floor((whole % 3600) / 60)}m`;
}

/**
 * Reuse a request could have had and lost, under the route's own policy:
 *
 * - a break (any cause but an extension or a sibling's task): what the policy would read had the
 *   request kept everything the earlier request sent, at that entry's real age, less what it reads;
 *   for a route change, the leading segments it sends with the same bytes as the last request;
 * - an extension or a sibling's task on a model that reads only at breakpoints: what it would read
 *   had a breakpoint ended the unchanged leading segments (`unmarkedPrefixLoss`);
 * - no break: what the policy would read were every entry fresh, less what it reads (a TTL gap).
 *
 * Null when nothing is lost. The cost is the lost tokens at the input price less the cache-read price.
 */
export function lossOf(input: LossInput): WatchLoss | null {
  const { policy, request, tokens, breakpoints, predicted, divergence, against, prices } = input;
  const model = request.route.model;
  const perToken = Math.max(0, prices.input - prices.cacheRead) / 1_000_000;
  const loss = (lost: number, cause: string, detail: string, at: WatchLoss['at']): WatchLoss | null =>
    lost > 0 ? { cause, detail, at, tokens: lost, cost: lost * perToken, currency: prices.currency } : null;
  if (divergence && against && !UNBROKEN_CAUSES.has(divergence.cause)) {
    const kept = divergence.cause === 'route' ? sameBytesTokens(against.request, request, input.counter) : Math.min(against.tokens, tokens);
    const ageSeconds = against.time === null ? 0 : Math.max(0, input.nowSeconds - against.time);
    const match: CacheMatch = { sharedTokens: kept, entryTokens: against.tokens, ageSeconds, source: 'input', ...(against.breakpoints.length > 0 ? { breakpoints: against.breakpoints } : {}) };
    const possible = policy.predict({ tokens, matches: [match], breakpoints, model }).cacheRead;
    const at = divergence.kind !== null && divergence.name !== null ? { kind: divergence.kind, name: divergence.name } : null;
    return loss(possible - predicted.cacheRead, divergence.cause, divergence.detail, at);
  }
  // An identical request reads what its twin wrote: a tail left unmarked there is left out by choice (explicit mode).
  if (divergence && against && divergence.cause !== 'identical') {
    const unmarked = unmarkedPrefixLoss({ policy, request, tokens, breakpoints, predicted, against, nowSeconds: input.nowSeconds, counter: input.counter, prices });
    if (unmarked) return unmarked;
  }
  const fresh = policy.predict({ tokens, matches: input.matches.map((match) => ({ ...match, ageSeconds: 0 })), breakpoints, model }).cacheRead;
  if (fresh <= predicted.cacheRead || !against || against.time === null) return null;
  const gap = durationText(Math.max(0, input.nowSeconds - against.time));
  return loss(fresh - predicted.cacheRead, 'ttl', `idle gap of ${gap} since request ${against.index} on this route: its cache entry expired`, null);
}
