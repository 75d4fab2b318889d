import { comparePrefix, PrefixTokenCounter, type PrefixComparison, type PrefixRequest } from '../../prefix/index.js';
import { costOf, type CacheMatch, type CachePolicy } from '../policies/cache-policy.js';
import type { RequestAnalysis, SessionAnalysis, SessionTreeAnalysis } from '../replay/session-analysis.js';
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
 * no times): each request is one session of the tree, sent in the given order. Each child is
 * compared with every earlier request (the parent, then earlier siblings); the one it shares the
 * most tokens with is the one its divergence is reported against, and the policy sees them all.
 */
export function analyzeRequestFamily(parent: FamilyRequest, children: readonly FamilyRequest[], options: AnalyzeRequestFamilyOptions): SessionTreeAnalysis {
  const counter = options.counter ?? new PrefixTokenCounter();
  const earlier: { member: FamilyRequest; tokens: number }[] = [];
  const sessions: SessionAnalysis[] = [];
  for (const member of [parent, ...children]) {
    const { request } = member;
    const tokens = counter.prefixTokens(request.segments);
    const matches: CacheMatch[] = [];
    let best: { comparison: PrefixComparison; against: FamilyRequest } | null = null;
    for (const stored of earlier) {
      const comparison = comparePrefix(stored.member.request, request, { counter });
      if (comparison.commonPrefix.tokens > 0) matches.push({ sharedTokens: comparison.commonPrefix.tokens, entryTokens: stored.tokens, ageSeconds: 0, source: 'input' });
      if (best === null || comparison.commonPrefix.tokens > best.comparison.commonPrefix.tokens) best = { comparison, against: stored.member };
    }
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
  }
  return {
    policy: options.policy.name,
    tokenizer: counter.tokenizer.name,
    sessions,
    notes: ['wire bodies: causes are inferred from bytes; requests are taken as sent in the order given, with no time between them'],
  };
}
