import { textOf } from '../../model/content.js';
import type { DelegatedRun } from '../loop/tool-contract.js';
import type { SubagentResult } from '../loop/subagent-contract.js';
import { ToolCallFailure } from '../loop/tool-call-failure.js';

/**
 * The headline the parent reads for a non-completed run (DSH tool-subagent `stopReasonError`);
 * undefined for `completed`. The `subagent-max-tokens-partial` recording shows the max-tokens one.
 */
export function stopReasonHeadline(result: SubagentResult): string | undefined {
  switch (result.stopReason) {
    case 'completed':
      return undefined;
    case 'aborted':
      return 'subagent run was cancelled';
    case 'error':
      return 'subagent run failed';
    case 'max-tokens':
      return 'subagent run hit its token limit before finishing';
    case 'refusal':
      return 'subagent declined the task';
    default:
      return `subagent run ended abnormally (${String(result.stopReason)})`;
  }
}

/** The headline, then a provider diagnostic, then the child's preserved partial text (DSH's order). */
export function failureText(headline: string, result: SubagentResult): string {
  const diagnostic = result.diagnostic === undefined ? '' : `\nDiagnostic: ${result.diagnostic}`;
  const text = textOf(result.output);
  const partial = text === '' ? '' : `\nPartial output before the run ended:\n${text}`;
  return `${headline}${diagnostic}${partial}`;
}

/**
 * Collects and releases one foreground run: the child's final text on `completed`; otherwise throws
 * the failure text, which the tool registry logs as `Error: <text>`. Disposal always runs, and a
 * result failure is never replaced by a disposal failure — both are kept when both fail.
 */
export async function settleForegroundRun(run: DelegatedRun): Promise<string> {
  const [execution] = await Promise.allSettled([
    run.result.then((result) => {
      const headline = stopReasonHeadline(result);
      if (headline !== undefined) throw new ToolCallFailure('subagent/run-failed', failureText(headline, result));
      return textOf(result.output);
    }),
  ]);
  const [disposal] = await Promise.allSettled([Promise.resolve().then(() => run.dispose())]);
  if (execution.status === 'rejected') {
    if (disposal.status === 'rejected') {
      throw new AggregateError([execution.reason, disposal.reason], `subagent run failed: ${String(execution.reason)}; dispose failed: ${String(disposal.reason)}`);
    }
    throw execution.reason;
  }
  if (disposal.status === 'rejected') throw disposal.reason;
  return execution.value;
}
