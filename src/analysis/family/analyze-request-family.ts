import { LongestPrefixIndex, PrefixTokenCounter, type PrefixComparison, type PrefixRequest } from '../../prefix/index.js';
import type { CacheMatch, CachePolicy } from '../policies/cache-policy.js';
import { replayRequests, type MeasuredRequest, type ReplaySession, type ReplaySource } from '../replay/replay-loop.js';
import type { RequestDivergence, SegmentSpan, SessionTreeAnalysis } from '../result/session-analysis.js';
import { requestDivergence } from '../causes/request-divergence.js';
import { segmentSpans } from './segment-spans.js';

/** A request of a family: the hashed request and where it came from (a `WireRequest` is one). */
export interface FamilyRequest {
  readonly request: PrefixRequest;
  /** File or label; names the request's session in the result. */
  readonly source: string;
}

/** Options of `analyzeRequestFamily`. */
export interface AnalyzeRequestFamilyOptions {
  readonly policy: CachePolicy;
  /** The model whose prices apply (default: each request's route model). */
  readonly model?: string;
  readonly counter?: PrefixTokenCounter;
}

/** A parent request and its children as a replay source: each request a session of its own, sent together in the given order. */
class FamilyReplaySource implements ReplaySource<number> {
  readonly policy: CachePolicy;
  readonly sessions: readonly ReplaySession[];
  readonly #members: readonly FamilyRequest[];
  readonly #parent: FamilyRequest;
  readonly #model: string | undefined;
  readonly #counter: PrefixTokenCounter;
  // Ties go to the earliest: the parent, which every fork is meant to reuse, before a sibling that
  // happens to share as much. Every route is compared: a child sent to another model than its
  // parent says so (a route divergence) rather than having nothing to be compared with.
  readonly #index: LongestPrefixIndex;
  readonly #earlier: { member: FamilyRequest; tokens: number }[] = [];
  #best: { comparison: PrefixComparison; against: FamilyRequest } | null = null;

  constructor(parent: FamilyRequest, children: readonly FamilyRequest[], options: AnalyzeRequestFamilyOptions, counter: PrefixTokenCounter) {
    this.policy = options.policy;
    this.#model = options.model;
    this.#counter = counter;
    this.#parent = parent;
    this.#members = [parent, ...children];
    this.#index = new LongestPrefixIndex({ ties: 'earliest', routes: 'any', counter });
    this.sessions = this.#members.map((member) => ({ file: member.source, id: member.source, format: 'wire', parentSession: member === parent ? null : parent.source, seedLength: null }));
  }

  steps(): Iterable<number> {
    return this.#members.keys();
  }

  measure(position: number): MeasuredRequest {
    const { request } = this.#members[position]!;
    const tokens = this.#counter.prefixTokens(request.segments);
    const longest = this.#index.longest(request);
    this.#best = longest ? { comparison: longest.comparison, against: this.#earlier[longest.index]!.member } : null;
    // Requests sent together (no time between them) with no breakpoints: a prefix cache reads the
    // longest stored prefix, so the one match that shares the most tokens is all a policy can read.
    const shared = longest?.comparison.commonPrefix.tokens ?? 0;
    const matches: CacheMatch[] = longest && shared > 0 ? [{ sharedTokens: shared, entryTokens: this.#earlier[longest.index]!.tokens, ageSeconds: 0, source: 'input' }] : [];
    return {
      session: position,
      index: 0,
      time: null,
      route: { provider: request.route.provider, model: request.route.model },
      model: this.#model ?? request.route.model,
      tokens,
      matches,
      observed: null,
    };
  }

  divergence(position: number): RequestDivergence | null {
    const member = this.#members[position]!;
    const best = this.#best;
    return best === null ? null : requestDivergence(best.comparison, member.request, { request: best.against.request, session: best.against.source, index: 0 });
  }

  store(position: number, measured: MeasuredRequest): void {
    const member = this.#members[position]!;
    this.#earlier.push({ member, tokens: measured.tokens });
    this.#index.add(member.request);
  }

  segments(position: number): SegmentSpan[] {
    const member = this.#members[position]!;
    return segmentSpans(member.request, this.#counter, member === this.#parent ? undefined : this.#parent.request);
  }
}

/**
 * Analyses a parent request and its children's first requests as captured on the wire (no logs,
 * no times): each request is one session of the tree, sent in the given order. Each child's
 * divergence is reported against the earlier request (the parent, then earlier siblings) it shares
 * the most tokens with, and the policy reads from that one.
 */
export function analyzeRequestFamily(parent: FamilyRequest, children: readonly FamilyRequest[], options: AnalyzeRequestFamilyOptions): SessionTreeAnalysis {
  const counter = options.counter ?? new PrefixTokenCounter();
  const sessions = replayRequests(new FamilyReplaySource(parent, children, options, counter));
  return {
    policy: options.policy.name,
    tokenizer: counter.tokenizer.name,
    sessions,
    notes: ['wire bodies: causes are inferred from bytes; requests are taken as sent in the order given, with no time between them'],
  };
}
