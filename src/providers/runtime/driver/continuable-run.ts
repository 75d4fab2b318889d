import { abortedStart, prepareChild } from './child-agent.js';
import { readChildResult } from './in-process-driver.js';
import { SubagentError } from './subagent-error.js';
import type { ContinuableChild, ContinuableCreateSpec, SubagentStartRequest } from '../loop/agent-contract.js';

/**
 * Establishes one continuable child from a provider's detached creation spec (DSH
 * `startContinuable`): the child's scope additionally carries the `report` tool and the
 * `tool:report` section, the descriptor is part of its initial prefix, and the call resolves at
 * inbox acceptance of the initial prompt. The caller's signal covers creation only; afterwards the
 * child owns its turns.
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
  const settled = child.whenIdle().then(() => readChildResult(prepared, from, disposed));
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
