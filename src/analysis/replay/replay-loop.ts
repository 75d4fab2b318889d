import { costOf, type CacheMatch, type CachePolicy, type CachePrediction, type PriceTable } from '../policies/cache-policy.js';
import type { RequestAnalysis, RequestDivergence, SessionAnalysis, SpanList } from '../result/session-analysis.js';

/** A session of a replayed tree, as the result names it (its requests are the loop's to fill). */
export type ReplaySession = Omit<SessionAnalysis, 'requests'>;

/**
 * One request as its source measured it against what earlier requests stored: everything the policy
 * and the result need that differs between sources. DSH measures token-exact rendered segments with a
 * calibrated head; Claude Code measures unit symbols with fitted token ends; wire bodies and request
 * families count tokens of the bodies as sent.
 */
export interface MeasuredRequest {
  /** Index of the request's session in `ReplaySource.sessions`. */
  readonly session: number;
  /** Index among the session's own requests. */
  readonly index: number;
  /** ISO time of the request, when the source records one. */
  readonly time: string | null;
  readonly route: { readonly provider: string; readonly model: string };
  /** The model whose rules and prices apply (the route's, unless the caller names another). */
  readonly model: string;
  readonly tokens: number;
  /** Every stored entry the cache could serve this request from; the policy applies TTL and breakpoints. */
  readonly matches: readonly CacheMatch[];
  readonly breakpoints?: readonly number[];
  /** Seconds each of this request's breakpoints asks its entry to live, in the order of `breakpoints`. */
  readonly breakpointTtls?: readonly number[];
  /** Content blocks through each of this request's breakpoints, in the order of `breakpoints`. */
  readonly breakpointBlocks?: readonly number[];
  readonly blockEnds?: readonly number[];
  readonly observed: RequestAnalysis['observed'];
  /** Output tokens both costs are priced with (the logged output, so the costs differ only by the cache). */
  readonly output?: number;
}

/**
 * A source of requests, replayed by `replayRequests`: it yields its requests in the order they
 * reached the provider, measures each against its index of earlier requests, and stores each after
 * the loop has predicted it. What differs between sources lives here; the loop owns the rest.
 */
export interface ReplaySource<Step> {
  readonly policy: CachePolicy;
  /** Prices for every request (default: the policy's prices for each request's model at its time). */
  readonly prices?: PriceTable | undefined;
  readonly sessions: readonly ReplaySession[];
  /** The requests in send order. */
  steps(): Iterable<Step>;
  measure(step: Step): MeasuredRequest;
  /** Rounds a prediction where the source's token counts are estimates (Claude Code); default as is. */
  round?(prediction: CachePrediction): CachePrediction;
  /**
   * Where the request stopped sharing the earlier request it reuses the most of, and why; given what
   * the policy predicts it reads (a recorded idle-gap cause holds only while the read stays as small).
   */
  divergence(step: Step, measured: MeasuredRequest, predicted: CachePrediction): RequestDivergence | null;
  /** Stores the request (and learns from its observed usage) once it was predicted: later requests may read it. */
  store(step: Step, measured: MeasuredRequest): void;
  /** The request's segments for pictures (after `store`), when the source can segment it. */
  segments(step: Step, measured: MeasuredRequest): SpanList | undefined;
}

/**
 * The one replay loop of the house: each request in send order is measured by its source, predicted
 * by the policy, priced, given its divergence, and stored for the requests after it. Returns the
 * sessions with their requests; the caller adds the tree's policy name, tokenizer and notes.
 */
export function replayRequests<Step>(source: ReplaySource<Step>): SessionAnalysis[] {
  const requests: RequestAnalysis[][] = source.sessions.map(() => []);
  for (const step of source.steps()) {
    const measured = source.measure(step);
    const raw = source.policy.predict({
      tokens: measured.tokens,
      matches: measured.matches,
      model: measured.model,
      ...(measured.breakpoints === undefined ? {} : { breakpoints: measured.breakpoints }),
      ...(measured.breakpointTtls === undefined ? {} : { breakpointTtls: measured.breakpointTtls }),
      ...(measured.breakpointBlocks === undefined ? {} : { breakpointBlocks: measured.breakpointBlocks }),
      ...(measured.blockEnds === undefined ? {} : { blockEnds: measured.blockEnds }),
    });
    const predicted = source.round ? source.round(raw) : raw;
    // A price is the one in force when the request was sent (rows change by date, DeepSeek's by hour).
    const prices = source.prices ?? source.policy.pricesFor(measured.model, measured.time === null ? undefined : new Date(measured.time));
    const observed = measured.observed;
    const divergence = source.divergence(step, measured, predicted);
    // Stored before its segments are drawn: a source that fits token ends to the observed usage draws the fitted ones.
    source.store(step, measured);
    const segments = source.segments(step, measured);
    requests[measured.session]!.push({
      index: measured.index,
      time: measured.time,
      route: measured.route,
      tokens: measured.tokens,
      predicted,
      observed,
      divergence,
      cost: { predicted: costOf(predicted, prices, measured.output), observed: observed === null ? null : costOf(observed, prices, measured.output) },
      ...(segments === undefined ? {} : { segments }),
    });
  }
  return source.sessions.map((session, index) => ({ ...session, requests: requests[index]! }));
}
