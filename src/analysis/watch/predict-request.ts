import { comparePrefix, hashHex, type PrefixComparison, type PrefixRequest, type PrefixTokenCounter, type Segment } from '../../prefix/index.js';
import { breakpointMarksOf, ttlSeconds } from '../policies/breakpoint-marks.js';
import { seenBreakpoints, type Seen } from '../bodies/wire-sequence.js';
import { anthropicRequestProblems } from '../anthropic/anthropic-request-rules.js';
import { requestDivergence } from '../causes/request-divergence.js';
import { routeLabel } from '../causes/wording.js';
import { costOf, type CachePolicy, type PolicyInput } from '../policies/cache-policy.js';
import type { RequestDivergence, SegmentSpan } from '../result/session-analysis.js';
import { providerGuessNote } from '../bodies/detect-provider.js';
import type { WireRequest } from '../bodies/read-request-body.js';
import type { RouteMemory } from './route-memory.js';
import { matchRoute } from './route-match.js';
import { lossOf } from './watch-loss.js';
import type { WatchPrediction } from './watch-prediction.js';

/** The request the watch saw last, on any route: a new route right after it is a route change. */
export interface LastRequest {
  readonly seen: Seen;
  readonly routeLabel: string;
  /** Its prediction's spans, one per segment of `seen.request`. */
  readonly spans: readonly SegmentSpan[];
}

/** What one prediction reads and updates. */
export interface PredictContext {
  readonly memory: RouteMemory;
  readonly counter: PrefixTokenCounter;
  readonly policyFor: (request: PrefixRequest) => CachePolicy;
  last: LastRequest | undefined;
  /** Each segment's span as predictions list it, made once per segment object (a conversation's segments are reused request after request). */
  readonly spans: WeakMap<Segment, SegmentSpan>;
}

function spanOf(segment: Segment, context: PredictContext): SegmentSpan {
  let span = context.spans.get(segment);
  if (!span) context.spans.set(segment, (span = { kind: segment.kind, name: segment.name, tokens: context.counter.segmentTokens(segment), hash: hashHex(segment.hash) }));
  return span;
}

/**
 * The spans of a request's segments. The leading segments it holds as the same objects as the last
 * request (a conversation re-sent with one more message, rendered reusing its segments) have the
 * spans listed then; only the rest are looked up one by one.
 */
function spansOf(segments: readonly Segment[], context: PredictContext): SegmentSpan[] {
  const last = context.last;
  const earlier = last?.seen.request.segments ?? [];
  let same = 0;
  while (same < segments.length && same < earlier.length && segments[same] === earlier[same]) same++;
  const spans = last ? last.spans.slice(0, same) : [];
  for (let index = same; index < segments.length; index++) spans.push(spanOf(segments[index]!, context));
  return spans;
}

/** The earlier request a divergence is named against: the one reused most on the route, else the last request on another route. */
function against(best: { entry: Seen; comparison: PrefixComparison } | undefined, last: LastRequest | undefined, request: PrefixRequest, counter: PrefixTokenCounter) {
  if (best) return best;
  if (!last) return undefined;
  return { entry: last.seen, comparison: comparePrefix(last.seen.request, request, { counter }) };
}

/** A prediction, and how to remember its request once the provider accepted it. */
export interface PredictedRequest {
  readonly prediction: WatchPrediction;
  /** What the policy was given: a record keeps it, so `analyze --ttl 1h` can replay the request under another policy. */
  readonly policyInput: PolicyInput;
  /**
   * Stores the request as its route's newest cache entry. Called only once the provider accepted the
   * request (a 2xx response): a refused or failed call writes nothing, so a retry after a 400 or a
   * 529 is predicted as the first send it is.
   */
  commit(): void;
}

/**
 * Predicts one request before it is sent, as the wire replay predicts a recorded one: every earlier
 * request on its route is a cache match (`matchEarlier`), the route's policy turns them into read,
 * write and uncached tokens, and the divergence from the request reused most gets its cause. A
 * request the provider would refuse (Anthropic's breakpoint rules) carries its problems; the request
 * is sent unchanged either way. `commit` remembers it as the route's newest entry.
 */
export function predictRequest(wire: WireRequest, context: PredictContext, id: number, nowSeconds: number): PredictedRequest {
  const { request } = wire;
  const { counter } = context;
  const policy = context.policyFor(request);
  const history = context.memory.history(request.route);
  const tokens = counter.prefixTokens(request.segments);
  const marks = breakpointMarksOf(request, counter);
  const breakpoints = marks.tokens;
  const { matches, best } = matchRoute(context.memory, history, request, nowSeconds, counter);
  const model = request.route.model;
  const policyInput: PolicyInput = { tokens, matches, breakpoints, breakpointTtls: marks.ttls.map(ttlSeconds), breakpointBlocks: marks.blocks, model };
  const predicted = policy.predict(policyInput);
  const problems = policy.name === 'anthropic' ? anthropicRequestProblems(marks, model) : [];
  const label = routeLabel(request.route);
  const compared = against(best, context.last, request, counter);
  const divergence: RequestDivergence | null = compared
    ? requestDivergence(compared.comparison, request, { request: compared.entry.request, session: compared.entry === context.last?.seen ? context.last.routeLabel : label, index: compared.entry.index })
    : null;
  const prices = policy.pricesFor(model);
  const loss = lossOf({ policy, request, tokens, breakpoints, predicted, matches, divergence, against: compared?.entry, nowSeconds, counter, prices });
  const seen: Seen = { request, tokens, time: nowSeconds, session: label, index: history.count, ...seenBreakpoints(marks) };
  // An earlier request this one holds whole is its previous turn: the newer entry replaces it.
  const extended = best && best.comparison.commonPrefix.segments === best.entry.request.segments.length ? best.entry : undefined;
  const spans = spansOf(request.segments, context);
  const commit = () => {
    context.memory.remember(history, seen, extended);
    context.last = { seen, routeLabel: label, spans };
  };
  const prediction: WatchPrediction = {
    id,
    time: new Date(nowSeconds * 1000).toISOString(),
    format: wire.format,
    route: request.route,
    routeIndex: seen.index,
    policy: policy.name,
    tokenizer: counter.tokenizer.name,
    tokens,
    predicted,
    cost: costOf(predicted, prices),
    divergence,
    loss,
    segments: spans,
    providerBasis: wire.providerBasis,
    providerGuess: providerGuessNote(request.route.provider, wire.providerBasis) ?? null,
    problems,
  };
  return { prediction, policyInput, commit };
}

