import { textOf } from '../../model/content.js';
import type { DelegatedRun, ToolJobs, ToolSubagents } from '../loop/tool-contract.js';
import type { DelegationRequest, SubagentResult } from '../loop/subagent-contract.js';
import type { JobOutcome } from '../loop/job-contract.js';

/** The reason a `job_kill` without its own reason forwards to the child's signal (DSH tool-subagent). */
export const BACKGROUND_KILL_REASON = 'background subagent task killed';

/**
 * A one-shot child's result as its job's outcome (DSH dsh-subagent `runOutcome`): `completed` carries
 * the final text, `aborted` is `killed`, every other stop reason is `failed` with the reason (and any
 * provider diagnostic) as detail — so `job_output` shows `[status: failed, error; diagnostic: …]`.
 */
export function runJobOutcome(result: SubagentResult): JobOutcome {
  switch (result.stopReason) {
    case 'completed':
      return { status: 'completed', output: textOf(result.output) };
    case 'aborted':
      return { status: 'killed' };
    default:
      return { status: 'failed', detail: result.diagnostic === undefined ? String(result.stopReason) : `${result.stopReason}; diagnostic: ${result.diagnostic}` };
  }
}

/**
 * Awaits a run's result, disposes it, and returns the job outcome (DSH `settleRun`). Result and
 * disposal failures become `failed`; when both fail, both details survive.
 */
export async function settleBackgroundRun(run: DelegatedRun): Promise<JobOutcome> {
  let outcome: JobOutcome;
  try {
    outcome = runJobOutcome(await run.result);
  } catch (error) {
    outcome = { status: 'failed', detail: String(error) };
  }
  try {
    await run.dispose();
  } catch (error) {
    return { status: 'failed', detail: `${outcome.detail === undefined ? '' : `${outcome.detail}; `}dispose failed: ${String(error)}` };
  }
  return outcome;
}

/**
 * Starts a one-shot child as a background job (DSH tool-subagent, kind `subagent`): the job owns
 * its own cancellation signal — the parent's turn may end while the child runs — and `job_kill`
 * aborts it, which cancels the child (its run reports `aborted`, the job settles `killed`). A start
 * rejected after a kill is `killed`; any other rejected start is `failed` with the error as detail.
 * Returns the job id.
 */
export function startBackgroundJob(jobs: ToolJobs, subagents: ToolSubagents, provider: string, request: Omit<DelegationRequest, 'signal'>): string {
  // Both services are bound to the calling agent: it owns the job and parents the child.
  return jobs.start({
    kind: 'subagent',
    label: request.label ?? '',
    run: () => {
      const controller = new AbortController();
      const start = subagents.start(provider, { ...request, signal: controller.signal });
      const done = start.then(settleBackgroundRun).catch((error: unknown): JobOutcome =>
        controller.signal.aborted && !(error instanceof AggregateError) ? { status: 'killed' } : { status: 'failed', detail: String(error) },
      );
      return { cancel: (reason) => controller.abort(reason ?? BACKGROUND_KILL_REASON), done };
    },
  });
}
