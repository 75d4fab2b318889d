import type { JobSnapshot } from '../loop/job-contract.js';

/** Bound of a notice's one-line summary (DSH dsh-llm `CONTEXT_SUMMARY_MAX_CHARS`). */
export const CONTEXT_SUMMARY_MAX_CHARS = 120;

/** A notice summary bounded to 120 characters, ellipsized past it (DSH `boundContextSummary`). */
export function boundContextSummary(summary: string): string {
  return summary.length <= CONTEXT_SUMMARY_MAX_CHARS ? summary : `${summary.slice(0, CONTEXT_SUMMARY_MAX_CHARS - 1)}…`;
}

/** `[status: <status>]`, or `[status: <status>, <detail>]` (DSH tool-jobs `statusLine`). */
export function jobStatusLine(snapshot: Pick<JobSnapshot, 'status' | 'detail'>): string {
  return snapshot.detail === undefined ? `[status: ${snapshot.status}]` : `[status: ${snapshot.status}, ${snapshot.detail}]`;
}

/**
 * The completion notice an owner receives when a job settles unreported, as
 * product-subagent-result-diagnostic/session.jsonl records it:
 * `background job subagent-1 (subagent: <label>) finished [status: …]. Read its output with job_output.`
 */
export function jobCompletionNotice(snapshot: JobSnapshot): string {
  return `background job ${snapshot.id} (${snapshot.kind}: ${snapshot.label}) finished ${jobStatusLine(snapshot)}. Read its output with job_output.`;
}

/** The notice's collapsed one-line account: `<kind> <label> <status line>`, bounded. */
export function jobCompletionSummary(snapshot: JobSnapshot): string {
  return boundContextSummary(`${snapshot.kind} ${snapshot.label} ${jobStatusLine(snapshot)}`);
}

/** `job_output`'s text: the output (or `(no new output)`) then the status line on its own line. */
export function jobOutputText(text: string, snapshot: JobSnapshot): string {
  const body = text.length > 0 ? text : '(no new output)';
  return `${body}${body.endsWith('\n') ? '' : '\n'}${jobStatusLine(snapshot)}`;
}

/** `job_kill`'s text (background-job-admission/session.jsonl records `requested cancellation of job bash-1`). */
export function jobKillText(outcome: 'requested' | 'already-finished', snapshot: JobSnapshot): string {
  return outcome === 'already-finished' ? `job ${snapshot.id} had already finished ${jobStatusLine(snapshot)}` : `requested cancellation of job ${snapshot.id}`;
}

/** `job_list`'s text: one `<id> [<kind>] <status> — <label>` row per job. */
export function jobListText(jobs: readonly JobSnapshot[]): string {
  return jobs.length === 0 ? '(no background jobs)' : jobs.map((job) => `${job.id} [${job.kind}] ${job.status} — ${job.label}`).join('\n');
}
