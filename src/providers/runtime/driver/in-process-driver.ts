import { creationAborted, prePublicationAbort, prepareChild, type PreparedChild } from './child-agent.js';
import { finalAssistantOutput, runStopReason } from './final-output.js';
import type { RecordedEvent } from '../log/session-log.js';
import { SubagentError } from './subagent-error.js';
import type { SubagentRun, SubagentStartRequest } from '../loop/agent-contract.js';
import type { SubagentResult } from '../loop/subagent-contract.js';

/** The spawn/fork difference, and the provider name the child records. */
export interface InProcessRunOptions {
  /** Fork: the balanced completed-turn prefix of the parent. Spawn: absent. */
  readonly seed?: readonly RecordedEvent[];
  readonly providerName: string;
}

/**
 * Reads a settled child's result from its own log: output and stop reason from `from` on (the
 * child's own events, after any seed), structured value when one was required.
 */
export function readChildResult(prepared: PreparedChild, from: number, cancelled: boolean): SubagentResult {
  const events = prepared.agent.session.events;
  let stopReason = runStopReason(events, from, cancelled);
  const output = finalAssistantOutput(events, from);
  const captured = prepared.structured?.captured();
  // A clean turn that never committed the required structured value reports `error` (no re-prompt),
  // or `aborted` when the run was cancelled after it (DSH's driver).
  if (prepared.structured && stopReason === 'completed' && captured === undefined) stopReason = cancelled ? 'aborted' : 'error';
  return { output, stopReason, ...(captured === undefined ? {} : { structured: captured.value }) };
}

/**
 * The shared run driver of the in-process providers (DSH `startInProcessRun`): create the child in
 * its unpublished window, publish it, drive one task (`followup` then `whenIdle`), read its own
 * result. Fulfils only after publication; a rejected start leaves no published child. The required
 * signal rejects the start before publication and cancels the child after it; `dispose()` is
 * idempotent and waits for the result and the child's quiescence. The run belongs to its caller:
 * removing the provider afterwards does not touch it.
 */
export async function startInProcessRun(request: SubagentStartRequest, options: InProcessRunOptions): Promise<SubagentRun> {
  if (!(request.signal instanceof AbortSignal)) {
    throw new SubagentError('subagent/missing-signal', 'a subagent start request needs its `signal`: it is the required cancellation channel');
  }
  // Already aborted when the driver is called: DSH's fixed pre-publication message.
  if (request.signal.aborted) throw prePublicationAbort();
  const prepared = prepareChild({ request, providerName: options.providerName, seed: options.seed ?? [], mode: 'one-shot' });
  const child = prepared.agent;
  const host = request.parent.host;
  // The handoff check: an abort that landed during creation rejects before publication, with its reason.
  if (request.signal.aborted) throw creationAborted(child.id, request.signal);
  host.publish(child);

  let cancelled = false;
  const onAbort = (): void => {
    cancelled = true;
    child.cancel('parent');
  };
  request.signal.addEventListener('abort', onAbort, { once: true });
  const from = child.session.nextSeq;
  child.followup(request.prompt, { kind: 'user' });
  const result = child.whenIdle().then(() => readChildResult(prepared, from, cancelled));
  let disposal: Promise<void> | undefined;
  return {
    id: child.id,
    localAgent: child,
    result,
    dispose() {
      disposal ??= (async () => {
        request.signal.removeEventListener('abort', onAbort);
        cancelled = true;
        await child.dispose();
        await result.then(
          () => undefined,
          () => undefined,
        );
      })();
      return disposal;
    },
  };
}
