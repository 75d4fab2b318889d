// The agent loop: the agent, its scope, turns and steps, tool dispatch, and the contract the driver, host and tools meet on.
export { Agent } from './agent.js';
export { agentHead } from './agent-head.js';
export type { AgentHeadInputs } from './agent-head.js';
export type { AgentInit } from './agent.js';
export type {
  AgentEnvironment,
  AgentHandle,
  AgentScopeView,
  AgentStatus,
  CancelCause,
  ChildAgentOptions,
  ContinuableChild,
  ContinuableCreateSpec,
  DelegatedChild,
  DelegatedRun,
  DelegationRequest,
  HostComposition,
  JobDoneListener,
  JobHooks,
  JobOutcome,
  JobRead,
  JobService,
  JobSnapshot,
  JobStart,
  JobStatus,
  JsonSchemaObject,
  InterruptOutcome,
  ListedSubagent,
  SentRequest,
  StopReason,
  SubagentCapabilities,
  SubagentProvider,
  SubagentResult,
  SubagentRun,
  SubagentCatalogEntry,
  SubagentService,
  SubagentStartRequest,
  SubagentTreeEntry,
  ToolDefinition,
  ToolExecution,
  ToolGuard,
  ToolJobs,
  ToolResultObserver,
  ToolSubagents,
} from './agent-contract.js';
export { AgentScope } from './agent-scope.js';
export type { StepOutcome, TurnEndReason } from './agent-step.js';
export type { InboxMessage } from './inbox-message.js';
export { buildRecordedRequest } from './recorded-request.js';
export { schemaOnlyTool } from './tool-definition.js';
export { ToolCallFailure } from './tool-call-failure.js';
export { ABORTED, ABORTED_BEFORE_DISPATCH, toolErrorIdentityOf } from './tool-error-identity.js';
export type { ToolErrorIdentity } from './tool-error-identity.js';
export { TurnCancellation } from './turn-cancellation.js';
