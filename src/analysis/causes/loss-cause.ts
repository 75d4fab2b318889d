import type { RequestAnalysis, SessionAnalysis } from '../result/session-analysis.js';
import { HEAD_CAUSES } from './cause-catalog.js';

/**
 * Why a request's tokens were not read from the cache. Every predicted uncached or written token of
 * every request lands in exactly one cause, so the rows add up to the prediction's total loss.
 */
export type LossCause = 'idle-gap' | 'head-change' | 'cold-first' | 'cold-subagent' | 'compaction-rewind' | 'route-change' | 'new-content';

/** The causes in the order a summary lists them when their costs tie (rows go by cost, new content last: it is no loss). */
export const LOSS_CAUSES = ['idle-gap', 'head-change', 'cold-first', 'cold-subagent', 'compaction-rewind', 'route-change', 'new-content'] as const satisfies readonly LossCause[];

/**
 * The loss cause of a request from its divergence cause (undefined with no divergence), whether it is
 * the first request of its session, and whether that session is a child (a subagent).
 */
export function lossCauseFrom(divergenceCause: string | undefined, first: boolean, child: boolean): LossCause {
  if (divergenceCause === 'ttl') return 'idle-gap';
  if (divergenceCause === 'route') return 'route-change';
  if (first) return child ? 'cold-subagent' : 'cold-first';
  if (divergenceCause !== undefined && HEAD_CAUSES.has(divergenceCause)) return 'head-change';
  if (divergenceCause === 'history' || divergenceCause === 'compaction') return 'compaction-rewind';
  return 'new-content';
}

/** The cause of one request's loss. */
export function lossCauseOf(request: RequestAnalysis, session: SessionAnalysis): LossCause {
  return lossCauseFrom(request.divergence?.cause, request.index === 0, session.parentSession !== null);
}
