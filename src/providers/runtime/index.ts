export { Agent, TurnCancellation } from './agent.js';
export type { AgentInit, AgentStatus, CancelCause, InboxMessage } from './agent.js';
export { AgentScope } from './agent-scope.js';
export type { ToolGuard } from './agent-scope.js';
export type { StepOutcome, TurnEndReason } from './agent-step.js';
export { assembleHead, SECTION_JOIN } from './assemble-head.js';
export type { AssembledHead, HeadInputs } from './assemble-head.js';
export { abortedStart, DELEGATION_CONTEXT_ORDER, prepareChild } from './child-agent.js';
export type { ChildSetup, PreparedChild } from './child-agent.js';
export { codeModeSections } from './code-mode.js';
export type { CodeModeComposition } from './code-mode.js';
export { startContinuableRun } from './continuable-run.js';
export { delegationToolConfigSchema, parseDelegationToolConfig } from './delegation-config.js';
export type { DelegationToolConfig, DelegationToolConfigInput } from './delegation-config.js';
export { assertMaxDepth, childDepth, DEFAULT_MAX_DEPTH } from './delegation-depth.js';
export { createDelegationTool, delegationToolSchema } from './delegation-tool.js';
export type { DelegationTool, MountedProvider } from './delegation-tool.js';
export {
  CODE_ONLY_INSTRUCTION,
  DELEGATION_STATEMENT,
  HARNESS_IDENTITY,
  REPORT_OUTPUT_DESCRIPTION,
  REPORT_SECTION_TEXT,
  REPORT_TOOL_DESCRIPTION,
  RUNTIME_CONTEXT_PLUGIN,
  RUNTIME_CONTEXT_PREAMBLE,
  STRUCTURED_OUTPUT_DESCRIPTION,
  STRUCTURED_OUTPUT_INSTRUCTION,
} from './dsh-texts.js';
export { finalAssistantOutput, runStopReason } from './final-output.js';
export { MIN_PACKED_RUN, toFixtureJsonl, toFixtureRows } from './fixture-rows.js';
export type { FixtureRow } from './fixture-rows.js';
export { AgentHost } from './host.js';
export type { AgentHostOptions, CreateAgentOptions, HostComposition } from './host.js';
export { readChildResult, startInProcessRun } from './in-process-driver.js';
export type { InProcessRunOptions } from './in-process-driver.js';
export { createForkProvider, createSpawnProvider, forkSeedOf, IN_PROCESS_CAPABILITIES } from './in-process-providers.js';
export type { InProcessProviderConfig } from './in-process-providers.js';
export { interpolate } from './interpolate.js';
export { fallbackTitle, lastTurnNumber } from './log-folds.js';
export { DSH_SECTION_MARKERS, splitRenderedPrompt } from './pinned-head.js';
export type { SectionMarker } from './pinned-head.js';
export type { AssembledSection, PromptContext, PromptSection, SectionContext, SectionText } from './prompt-section.js';
export { buildRecordedRequest } from './recorded-request.js';
export type { RecordedRequest } from './recorded-request.js';
export { installReportTool, REPORT_TOOL_SCHEMA } from './report-tool.js';
export { failureText, settleForegroundRun, stopReasonHeadline } from './run-settlement.js';
export { latestSnapshot, renderContexts, snapshotMessage } from './runtime-context.js';
export type { ContextSnapshotSection } from './runtime-context.js';
export { pinnedSdkRenderer, renderTypeScriptSdk } from './sdk-renderer.js';
export type { SdkRenderer } from './sdk-renderer.js';
export { SECTION_ORDERS, SUBAGENT_SECTION_ORDER } from './section-orders.js';
export { sessionEntries } from './session-entries.js';
export { AgentSessionLog } from './session-log.js';
export type { EventExtras, RecordedEvent, AgentSessionHeader, SurfaceOp } from './session-log.js';
export { attachStructuredRuntime, compileOutputContract, STRUCTURED_OUTPUT_RECORDED, STRUCTURED_OUTPUT_TOOL } from './structured-output.js';
export type { OutputContract, StructuredRuntime } from './structured-output.js';
export { SubagentError } from './subagent-error.js';
export { SubagentRuntime } from './subagent-runtime.js';
export type { ListenerErrorHandler, SubagentEventName, SubagentRuntimeEvents } from './subagent-runtime.js';
export type {
  ChildAgentOptions,
  ContinuableChild,
  ContinuableCreateSpec,
  JsonSchemaObject,
  StopReason,
  SubagentCapabilities,
  SubagentProvider,
  SubagentResult,
  SubagentRun,
  SubagentStartRequest,
} from './subagent-types.js';
export { byName, schemaOf, schemaOnlyTool } from './tool-definition.js';
export type { ToolDefinition, ToolExecution } from './tool-definition.js';
export { passesFilter, validateToolFilter } from './tool-filter.js';
export type { ToolFilter } from './tool-filter.js';
export { buildToolVisibility } from './tool-visibility.js';
export type { ToolPresentation, ToolVisibility, VisibilityInputs } from './tool-visibility.js';
export { compositionFromHead } from './recorded-composition.js';
export type { RecordedHead } from './recorded-composition.js';
