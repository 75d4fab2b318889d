import { abortedStart, prepareChild } from './child-agent.js';
import { readChildResult } from './in-process-driver.js';
import { SubagentError } from './subagent-error.js';
import type { AgentHandle, ContinuableChild, ContinuableCreateSpec, SubagentResult, SubagentStartRequest } from '../loop/agent-contract.js';
import { settlementNotice } from './settlement-notice.js';

/**
 * Tells the child's direct parent that the child settled, as a next-turn prompt in the parent's own
 * stream (subagent-continuable-inheritance/session.jsonl: the notice opens the parent's turn 2).
 * Delivery does not depend on whether the child reported; a parent no longer live gets nothing (the
 * child's own log stays the record).
 */
function notifyParent(child: AgentHandle, result: SubagentResult): void {
  const parent = child.parent;
  if (!parent || parent.status === 'disposed' || child.host.agents.get(parent.id) !== parent) return;
  const notice = settlementNotice(child.id, result);
  parent.followup(notice.content, notice.source);
}

/**
 * Establishes one continuable child from a provider's detached creation spec (DSH
 * `startContinuable`): the child's scope additionally carries the `report` tool and the
 * `tool:report` section, the descriptor is part of its initial prefix, and the call resolves at
 * inbox acceptance of the initial prompt. The caller's signal covers creation only; afterwards the
 * child owns its turns, and when its work settles the parent gets a settlement notice.
 */
export async function startContinuableRun(request: SubagentStartRequest, spec: ContinuableCreateSpec, providerName: string): Promise<ContinuableChild> {
  if (!(request.signal instanceof AbortSignal)) {
    throw new SubagentError('subagent/missing-signal', 'a subagent start request needs its `signal`: it is the required cancellation channel');
  }
  const prepared = prepareChild({ request, providerName, seed: spec.seed ?? [], mode: 'continuable' });
  const child = prepared.agent;
  if (request.signal.aborted) throw abortedStart(request.signal);
  child.host.publish(child);
  const from = child.session.nextSeq;
  const messageId = child.followup(request.prompt, { kind: 'user' });
  let disposed = false;
  const settled = child.whenIdle().then(() => {
    const result = readChildResult(prepared, from, disposed);
    notifyParent(child, result);
    return result;
  });
  return {
    childId: child.id,
    messageId,
    agent: child,
    settled,
    async dispose() {
      disposed = true;
      await child.dispose();
    },
  };
}
