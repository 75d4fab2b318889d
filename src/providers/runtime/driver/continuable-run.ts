import type { ContentBlock, MessageSource } from '../../model/content.js';
import { abortedStart, prepareChild, type PreparedChild } from './child-agent.js';
import { readChildResult } from './in-process-driver.js';
import { ownsLiveWork, releaseWhenQuiet } from './residency-release.js';
import { NOT_RESUMABLE, SubagentError } from './subagent-error.js';
import type { AgentHandle, ContinuableChild, SubagentStartRequest } from '../loop/agent-contract.js';
import type { ContinuableCreateSpec, SubagentResult } from '../loop/subagent-contract.js';
import { settlementNotice } from './settlement-notice.js';

/**
 * Tells the child's direct parent that the child settled (DSH continuation manager
 * `notifySettlement`): an idle parent gets the notice as its next turn
 * (subagent-continuable-inheritance/session.jsonl: the notice opens the parent's turn 2), a busy one
 * as input for its next step, so children settling together cost one step. Delivery does not depend
 * on whether the child reported; a parent no longer live gets nothing (the child's own log stays the
 * record).
 */
function notifyParent(child: AgentHandle, result: SubagentResult): void {
  const parent = child.parent;
  if (!parent || parent.status === 'disposed' || child.host.agents.get(parent.id) !== parent) return;
  const notice = settlementNotice(child.id, result);
  if (parent.status === 'idle') parent.followup(notice.content, notice.source);
  else parent.steer(notice.content, notice.source);
}

/**
 * One continuable child's settlement epochs (DSH's Activation residency epochs): an epoch opens when
 * work is delivered to a quiet child, runs every turn queued meanwhile, and settles when the child
 * has no work left; each settlement reads the result of that epoch's own events and notifies the
 * parent. A later `send` to a settled child opens the next epoch, so every later run is announced too.
 */
class SettlementEpochs {
  #current: Promise<SubagentResult> | undefined;
  #open = false;
  #stopReleaseWatch: (() => void) | undefined;
  disposed = false;

  constructor(private readonly prepared: PreparedChild) {}

  get settled(): Promise<SubagentResult> {
    if (this.#current === undefined) throw new SubagentError('subagent/no-epoch', 'the continuable child has not accepted any work yet');
    return this.#current;
  }

  /** Delivers `content` as the child's next turn, opening an epoch when none is open. */
  deliver(content: readonly ContentBlock[], source: MessageSource): string {
    const child = this.prepared.agent;
    // New work opens an epoch whose own settlement decides residency; a deferred release is moot.
    this.#stopReleaseWatch?.();
    this.#stopReleaseWatch = undefined;
    child.reload();
    if (this.#open) return child.followup(content, source);
    const from = child.session.nextSeq;
    const messageId = child.followup(content, source);
    this.#open = true;
    this.#current = child.whenIdle().then(() => {
      this.#open = false;
      const result = readChildResult(this.prepared, from, this.disposed);
      notifyParent(child, result);
      // Settled: DSH disposes the resident handle once the child is quiet and owns no live child
      // (subagent README, "settled"); the stored session stays, and a later send resumes it. A child
      // still owning a live child or a running job stays loaded, so their notices have a live owner
      // to reach, and is released once that work ends.
      if (!this.disposed && child.status === 'idle') {
        if (!ownsLiveWork(child)) child.unload();
        else this.#stopReleaseWatch = releaseWhenQuiet(child, () => child.unload());
      }
      return result;
    });
    return messageId;
  }
}

/**
 * Establishes one continuable child from a provider's detached creation spec (DSH
 * `startContinuable`): the child's scope additionally carries the `report` tool and the
 * `tool:report` section, the descriptor is part of its initial prefix, and the call resolves at
 * inbox acceptance of the initial prompt. The caller's signal covers creation only; afterwards the
 * child owns its turns, and each time its work settles the parent gets a settlement notice —
 * after the initial prompt's work and after the work of every later `send`.
 */
export async function startContinuableRun(request: SubagentStartRequest, spec: ContinuableCreateSpec, providerName: string): Promise<ContinuableChild> {
  if (!(request.signal instanceof AbortSignal)) {
    throw new SubagentError('subagent/missing-signal', 'a subagent start request needs its `signal`: it is the required cancellation channel');
  }
  const prepared = prepareChild({ request, providerName, seed: spec.seed ?? [], mode: 'continuable' });
  const child = prepared.agent;
  if (request.signal.aborted) throw abortedStart(request.signal);
  child.host.publish(child);
  const epochs = new SettlementEpochs(prepared);
  const messageId = epochs.deliver(request.prompt, { kind: 'user' });
  const parentId = request.parent.id;
  return {
    childId: child.id,
    messageId,
    agent: child,
    get settled() {
      return epochs.settled;
    },
    send(content) {
      if (child.status === 'disposed') throw new SubagentError('subagent/unavailable', `subagent "${child.id}" is unavailable`, { identity: NOT_RESUMABLE });
      return epochs.deliver(content, { kind: 'coordinator', form: 'relay', senderSessionId: parentId });
    },
    async dispose() {
      epochs.disposed = true;
      await child.dispose();
    },
  };
}
