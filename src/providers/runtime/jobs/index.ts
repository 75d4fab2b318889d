// The background-job service and its model-facing controls: the registry, `job_output` / `job_list` / `job_kill`, the `tool:jobs` section and completion notices.
export { JobError } from './job-error.js';
export { deliverJobNotice, MAX_CONSECUTIVE_WAKES, spentWakes } from './job-notice.js';
export { DEFAULT_MAX_JOBS_PER_OWNER, JobRegistry } from './job-registry.js';
export type { JobRegistryOptions } from './job-registry.js';
export { boundContextSummary, CONTEXT_SUMMARY_MAX_CHARS, jobCompletionNotice, jobCompletionSummary, jobKillText, jobListText, jobOutputText, jobStatusLine } from './job-texts.js';
export { JOB_KILL_TOOL, JOB_LIST_TOOL, JOB_MAX_WAIT_TIMEOUT_MS, JOB_OUTPUT_TOOL, JOB_TOOLS, JOB_WAIT_TIMEOUT_MS, JOBS_SECTION, JOBS_SECTION_TEXT } from './job-tools.js';
