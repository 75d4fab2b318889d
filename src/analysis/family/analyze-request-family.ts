import { LongestPrefixIndex, PrefixTokenCounter, type PrefixRequest } from '../../prefix/index.js';
import { costOf, type CacheMatch, type CachePolicy } from '../policies/cache-policy.js';
import type { RequestAnalysis, SessionAnalysis, SessionTreeAnalysis } from '../result/session-analysis.js';
import { requestDivergence } from '../causes/index.js';
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

/**
 * Analyses a parent request and its children's first requests as captured on the wire (no logs,
 * no times): each request is one session of the tree, sent in the given order. Each child's
 * divergence is reported against the earlier request (the parent, then earlier siblings) it shares
 * the most tokens with, and the policy reads from that one.
 */
export function analyzeRequestFamily(parent: FamilyRequest, children: readonly FamilyRequest[], options: AnalyzeRequestFamilyOptions): SessionTreeAnalysis {
  const counter = options.counter ?? new PrefixTokenCounter();
  // Ties go to the earliest: the parent, which every fork is meant to reuse, before a sibling that
  // happens to share as much. Every route is compared: a child sent to another model than its
  // parent says so (a route divergence) rather than having nothing to be compared with.
  const index = new LongestPrefixIndex({ ties: 'earliest', routes: 'any', counter });
  const earlier: { member: FamilyRequest; tokens: number }[] = [];
  const sessions: SessionAnalysis[] = [];
  for (const member of [parent, ...children]) {
    const { request } = member;
    const tokens = counter.prefixTokens(request.segments);
    const longest = index.longest(request);
    const best = longest ? { comparison: longest.comparison, against: earlier[longest.index]!.member } : null;
    // Requests sent together (no time between them) with no breakpoints: a prefix cache reads the
    // longest stored prefix, so the one match that shares the most tokens is all a policy can read.
    const shared = longest?.comparison.commonPrefix.tokens ?? 0;
    const matches: CacheMatch[] = longest && shared > 0 ? [{ sharedTokens: shared, entryTokens: earlier[longest.index]!.tokens, ageSeconds: 0, source: 'input' }] : [];
    const model = options.model ?? request.route.model;
    const predicted = options.policy.predict({ tokens, matches, model });
    const analysis: RequestAnalysis = {
      index: 0,
      time: null,
      route: { provider: request.route.provider, model: request.route.model },
      tokens,
      predicted,
      observed: null,
      divergence: best === null ? null : requestDivergence(best.comparison, request, { request: best.against.request, session: best.against.source, index: 0 }),
      cost: { predicted: costOf(predicted, options.policy.pricesFor(model)), observed: null },
      segments: segmentSpans(request, counter, member === parent ? undefined : parent.request),
    };
    sessions.push({
      file: member.source,
      id: member.source,
      format: 'wire',
      parentSession: member === parent ? null : parent.source,
      seedLength: null,
      requests: [analysis],
    });
    earlier.push({ member, tokens });
    index.add(request);
  }
  return {
    policy: options.policy.name,
    tokenizer: counter.tokenizer.name,
    sessions,
    notes: ['wire bodies: causes are inferred from bytes; requests are taken as sent in the order given, with no time between them'],
  };
}
