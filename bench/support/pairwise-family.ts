import { costOf, type CacheMatch } from '../../src/analysis/policies/cache-policy.js';
import { requestDivergence } from '../../src/analysis/causes/request-divergence.js';
import { segmentSpans } from '../../src/analysis/family/segment-spans.js';
import type { AnalyzeRequestFamilyOptions, FamilyRequest } from '../../src/analysis/index.js';
import type { RequestAnalysis, SessionAnalysis, SessionTreeAnalysis } from '../../src/analysis/result/session-analysis.js';
import { comparePrefix, PrefixTokenCounter, type PrefixComparison } from '../../src/prefix/index.js';

/**
 * `analyzeRequestFamily` as it was before the longest-prefix index: each request compared with every
 * earlier one (the earliest wins ties), every match with a shared token given to the policy. The
 * baseline of the `request-family` scenario, which checks that both give the same tree.
 */
export function pairwiseFamily(parent: FamilyRequest, children: readonly FamilyRequest[], options: AnalyzeRequestFamilyOptions): SessionTreeAnalysis {
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
    sessions.push({ file: member.source, id: member.source, format: 'wire', parentSession: member === parent ? null : parent.source, seedLength: null, requests: [analysis] });
    earlier.push({ member, tokens });
  }
  return {
    policy: options.policy.name,
    tokenizer: counter.tokenizer.name,
    sessions,
    notes: ['wire bodies: causes are inferred from bytes; requests are taken as sent in the order given, with no time between them'],
  };
}
