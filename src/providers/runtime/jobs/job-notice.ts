import type { AgentHandle, JobSnapshot } from '../loop/agent-contract.js';
import { jobCompletionNotice, jobCompletionSummary } from './job-texts.js';

/** Turns completion notices may open on one idle owner before they degrade to injection (DSH tool-jobs `maxConsecutiveWakes`). */
export const MAX_CONSECUTIVE_WAKES = 3;

/**
 * Delivers unreported completions to their owner (DSH tool-jobs `onJobDone`): an idle owner is
 * woken with a next turn (at most three in a row), a busy one gets the notice as next-step input,
 * which is why product-subagent-result-diagnostic/session.jsonl shows it claimed at the parent's next
 * step. A disposed owner gets nothing.
 */
export function createJobNoticeDelivery(): (snapshot: JobSnapshot, owner: AgentHandle) => void {
  const spentWakes = new WeakMap<AgentHandle, number>();
  return (snapshot, owner) => {
    if (snapshot.reported || owner.status === 'disposed') return;
    const content = [{ type: 'text' as const, text: jobCompletionNotice(snapshot) }];
    const source = { kind: 'plugin' as const, plugin: 'tool-jobs', form: 'notice' as const, summary: jobCompletionSummary(snapshot) };
    const spent = spentWakes.get(owner) ?? 0;
    if (owner.status === 'idle' && spent < MAX_CONSECUTIVE_WAKES) {
      spentWakes.set(owner, spent + 1);
      owner.followup(content, source);
      return;
    }
    owner.inject(content, source);
  };
}
