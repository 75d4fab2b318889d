// The model-facing delegation tool: its config, its wire schema and wording, and how a foreground run's result reaches the parent.
export { delegationToolConfigSchema, parseDelegationToolConfig } from './delegation-config.js';
export type { DelegationToolConfig, DelegationToolConfigInput } from './delegation-config.js';
export { createDelegationTool, delegationToolSchema } from './delegation-tool.js';
export type { DelegationTool, MountedProvider } from './delegation-tool.js';
export { failureText, settleForegroundRun, stopReasonHeadline } from './run-settlement.js';
export { BACKGROUND_KILL_REASON, runJobOutcome, settleBackgroundRun, startBackgroundJob } from './background-job.js';
export { askUserQuestionTool, DELEGATED_CALLER_MESSAGE } from './ask-user-question-tool.js';
export type { QuestionAnswerer } from './ask-user-question-tool.js';
export { listAgentsTool, listingLine, NO_LISTED_AGENTS } from './list-agents-tool.js';
export { messageQueuedText, sendMessageTool } from './send-message-tool.js';
export { interruptAgentTool, interruptText } from './interrupt-agent-tool.js';
