// The agent loop: the agent, its scope, turns and steps, tool dispatch, and the contract the driver, host and tools meet on.
export { Agent } from './agent.js';
export { agentHead } from './agent-head.js';
export type { AgentHeadInputs } from './agent-head.js';
export type { AgentInit } from './agent.js';
export type { AgentEnvironment, AgentHandle, AgentScopeView, AgentStatus, CancelCause, ContinuableChild, HostComposition, JobDoneListener, JobService, JobStart, SentRequest, SubagentProvider, SubagentRun, SubagentCatalogEntry, SubagentService, SubagentStartRequest, SubagentTreeEntry } from './agent-contract.js';
export type { DelegatedChild, DelegatedRun, ToolDefinition, ToolExecution, ToolGuard, ToolJobs, ToolResultObserver, ToolSubagents } from './tool-contract.js';
export type { ChildAgentOptions, ContinuableCreateSpec, DelegationRequest, JsonSchemaObject, InterruptOutcome, ListedSubagent, StopReason, SubagentCapabilities, SubagentResult } from './subagent-contract.js';
export type { JobHooks, JobOutcome, JobRead, JobSnapshot, JobSpec, JobStatus } from './job-contract.js';
export { AgentScope } from './agent-scope.js';
export type { StepOutcome, TurnEndReason } from './agent-step.js';
export type { InboxMessage } from './inbox-message.js';
export { buildRecordedRequest } from './recorded-request.js';
export { schemaOnlyTool } from './tool-definition.js';
export { ToolCallFailure } from './tool-call-failure.js';
export { ABORTED, ABORTED_BEFORE_DISPATCH, toolErrorIdentityOf } from './tool-error-identity.js';
export type { ToolErrorIdentity } from './tool-error-identity.js';
export { TurnCancellation } from './turn-cancellation.js';
