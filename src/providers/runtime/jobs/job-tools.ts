import type { PromptSection } from '../head/prompt-section.js';
import { SECTION_ORDERS } from '../head/section-orders.js';
import type { ToolDefinition, ToolExecution, ToolJobs } from '../loop/tool-contract.js';
import { ToolCallFailure } from '../loop/tool-call-failure.js';
import { jobKillText, jobListText, jobOutputText } from './job-texts.js';

/** `job_output`'s wait when `wait: true` names no `timeout_ms` (DSH tool-jobs `waitTimeoutMs` default). */
export const JOB_WAIT_TIMEOUT_MS = 30_000;
/** The cap on any one wait (DSH tool-jobs `maxWaitTimeoutMs` default). */
export const JOB_MAX_WAIT_TIMEOUT_MS = 600_000;

const JOB_ID = { type: 'string', description: 'Job id returned by the tool that started the background work.' } as const;

/**
 * The `tool:jobs` guidance (order 106), verbatim from the pinned heads that load dsh-tool-jobs
 * (advanced-toolchain/system-prompt.expected.md).
 */
export const JOBS_SECTION_TEXT =
  "Track every background job id you start. You are notified in-session when a job finishes — do not busy-poll or sleep on one; keep working on independent steps and do not duplicate a running job's work. Before giving a final answer, collect every still-relevant job with job_output (set wait: true only when you are genuinely blocked on it), and job_kill jobs that stopped mattering.";

/** The `tool:jobs` prompt section. */
export const JOBS_SECTION: PromptSection = { name: 'tool:jobs', order: SECTION_ORDERS['tool:jobs'], text: JOBS_SECTION_TEXT };

function jobsOf(execution: ToolExecution): ToolJobs {
  const jobs = execution.jobs;
  if (jobs === undefined) throw new ToolCallFailure('tool/jobs-unavailable', 'background jobs unavailable: load @deepseek-ai/dsh-jobs and @deepseek-ai/dsh-tool-jobs');
  return jobs;
}

function record(args: unknown): Record<string, unknown> {
  return typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
}

function jobId(args: Record<string, unknown>): string {
  const id = args['job_id'];
  if (typeof id !== 'string' || id === '') throw new ToolCallFailure('tool/invalid-arguments', `invalid job_id: expected a non-empty string, got ${JSON.stringify(id)}`);
  return id;
}

/** `job_output` (DSH tool-jobs): reads a job, optionally waiting up to the capped timeout; ends with `[status: …]`. */
export const JOB_OUTPUT_TOOL: ToolDefinition = {
  name: 'job_output',
  description:
    'Read a background job. Stream jobs return only output since the previous read; final-output jobs return their result after settlement. Every response ends with `[status: ...]`. Reads are non-blocking unless `wait: true`, which waits up to the configured cap.',
  parameters: {
    type: 'object',
    properties: {
      job_id: JOB_ID,
      wait: { type: 'boolean', description: 'Block until the job reaches a terminal status or the timeout expires. A timed-out wait returns [status: running] and leaves the job alive.' },
      timeout_ms: { type: 'number', description: 'Max wait in milliseconds (only meaningful with wait: true). Defaults to the configured wait timeout; capped by the configured maximum.' },
    },
    required: ['job_id'],
  },
  async execute(args, execution: ToolExecution) {
    const input = record(args);
    const id = jobId(input);
    const jobs = jobsOf(execution);
    if (input['wait'] === true) {
      const requested = typeof input['timeout_ms'] === 'number' ? input['timeout_ms'] : JOB_WAIT_TIMEOUT_MS;
      await jobs.wait(id, Math.min(requested, JOB_MAX_WAIT_TIMEOUT_MS), execution.signal);
    }
    const read = jobs.read(id);
    return jobOutputText(read.text, read.snapshot);
  },
};

/** `job_list` (DSH tool-jobs): the caller's jobs, running and finished. */
export const JOB_LIST_TOOL: ToolDefinition = {
  name: 'job_list',
  description: 'List your background jobs (running and finished) with their ids, kinds, and statuses.',
  parameters: { type: 'object', properties: {} },
  execute: (_args, execution) => Promise.resolve(jobListText(jobsOf(execution).list())),
};

/** `job_kill` (DSH tool-jobs): requests cancellation and returns at once; the job settles `killed` once its work stops. */
export const JOB_KILL_TOOL: ToolDefinition = {
  name: 'job_kill',
  description: 'Request cancellation of a running background job by job id. Returns immediately; the job settles as killed once its work actually stops.',
  parameters: {
    type: 'object',
    properties: { job_id: JOB_ID, reason: { type: 'string', description: 'Optional short reason, recorded in the log and forwarded to the job.' } },
    required: ['job_id'],
  },
  execute(args, execution) {
    const input = record(args);
    const id = jobId(input);
    const jobs = jobsOf(execution);
    const reason = typeof input['reason'] === 'string' ? input['reason'] : undefined;
    const outcome = jobs.kill(id, reason);
    return Promise.resolve(jobKillText(outcome, jobs.get(id)));
  },
};

/** The three job controls in DSH's registration order (dsh-tool-jobs: `job_output`, `job_list`, `job_kill`). */
export const JOB_TOOLS: readonly ToolDefinition[] = [JOB_OUTPUT_TOOL, JOB_LIST_TOOL, JOB_KILL_TOOL];
