// The in-process run driver shared by the spawn and fork providers, the subagent service, and what a child gets at start (depth, structured output, report channel).
export { abortedStart, creationAborted, DELEGATION_CONTEXT_ORDER, PRE_PUBLICATION_ABORT_MESSAGE, prePublicationAbort, prepareChild } from './child-agent.js';
export type { ChildSetup, PreparedChild } from './child-agent.js';
export { startContinuableRun } from './continuable-run.js';
export { assertMaxDepth, childDepth, DEFAULT_MAX_DEPTH } from './delegation-depth.js';
export { finalAssistantOutput, runStopReason } from './final-output.js';
export { readChildResult, startInProcessRun } from './in-process-driver.js';
export type { InProcessRunOptions } from './in-process-driver.js';
export { createForkProvider, createSpawnProvider, forkSeedOf, IN_PROCESS_CAPABILITIES } from './in-process-providers.js';
export type { InProcessProviderConfig } from './in-process-providers.js';
export { installReportTool, REPORT_TOOL_SCHEMA } from './report-tool.js';
export { attachStructuredRuntime, compileOutputContract, STRUCTURED_OUTPUT_RECORDED, STRUCTURED_OUTPUT_TOOL } from './structured-output.js';
export type { OutputContract, StructuredRuntime } from './structured-output.js';
export { settlementNotice, settlementSummary } from './settlement-notice.js';
export type { SettlementNotice } from './settlement-notice.js';
export { SubagentError } from './subagent-error.js';
export { SubagentRuntime } from './subagent-runtime.js';
export type { ListenerErrorHandler, SubagentEventName, SubagentRuntimeEvents } from './subagent-runtime.js';
