// kvprefix/providers: the subagent system kvprefix models: reading inputs and session logs, the fork
// seed and request reconstruction, the language-model interface, and the in-process subagent runtime
// (agent loop, run driver, spawn and fork providers, delegation tool, host).
// Reading one input file or standard input: size limit, plain failure wording, strict UTF-8 (src/providers/input).
export {
  DEFAULT_MAX_INPUT_BYTES,
  STDIN_NAME,
} from './input/index.js';
export type { InputOptions } from './input/index.js';

// Session logs, surface, fork seed and request reconstruction (src/providers/session).
export {
  chatRequestBody,
  childTask,
  completedTurnPrefix,
  findDelegationCall,
  loadHeadPins,
  modelRequestPoints,
  parseSessionLog,
  parseSystemPromptPin,
  parseToolSchemasPin,
  projectSurface,
  readSessionLog,
  reconstructRequest,
  reconstructRequestParts,
  RequestReconstructor,
  resolveRequestHead,
  surfaceMessage,
  toSourcedChatMessages,
} from './session/index.js';
export type {
  ChatRequestBody,
  ChatRequestBodyOptions,
  ChatWireMessage,
  ChatWireTool,
  DelegationLink,
  ForkSeed,
  HeadPins,
  KnownSessionEvent,
  LogLine,
  LoggedEvent,
  LoggedEventOf,
  ModelRequestPoint,
  ReconstructedRequest,
  ReconstructedRequestParts,
  RequestHead,
  RequestReconstructorOptions,
  SessionEvent,
  SessionLog,
  SessionLogStream,
  UnfinishedLine,
  SourcedChatMessage,
  StoredMessage,
  SurfaceEntry,
  UnknownSessionEvent,
} from './session/index.js';
export type { SessionHeader as SessionLogHeader, ToolSchema as LoggedToolSchema } from './session/index.js';

// The language-model interface (src/providers/model).
export {
  textOf,
} from './model/index.js';
export type {
  AssembledResponse,
  BlockType,
  CallConfig,
  ContentBlock,
  DshUsage,
  FinishReason,
  ImageBlock,
  LanguageModel,
  MessageSource,
  ModelCallOptions,
  ModelChunk,
  ModelMessage,
  ModelRequest,
  CacheUsage,
  ModelUsage,
  ReasoningBlock,
  TextBlock,
  ToolCallBlock,
  ToolResultBlock,
  ToolSchema,
} from './model/index.js';

// The agent's own session log: DSH's JSONL events as the runtime writes them, checked as they are appended.

export type { AgentSessionHeader, EventExtras, RecordedEvent, SurfaceOp } from './runtime/index.js';

// Head assembly: DSH's prompt sections and their orders, tool visibility, Code Mode and its exact SDK block,
// recorded heads split back into sections.
export {
  assembleHead,
  renderSdkSection,
  sdkOutputEstimates,
  SECTION_ORDERS,
  splitRenderedPrompt,
} from './runtime/index.js';
export type {
  AssembledHead,
  AssembledSection,
  CodeModeComposition,
  ContextSnapshotSection,
  HeadInputs,
  PromptContext,
  PromptSection,
  SdkBlock,
  SdkBlockEntry,
  SdkOutputSource,
  SdkRenderer,
  SdkSectionOptions,
  SdkTool,
  SdkToolEntry,
  SectionContext,
  SectionMarker,
  SectionText,
  SplitPromptOptions,
  ToolFilter,
  ToolPresentation,
  ToolVisibility,
  VisibilityInputs,
} from './runtime/index.js';

// The agent loop and the contract the loop, the run driver, the host and tools meet on.
export {
  ToolCallFailure,
} from './runtime/index.js';
export type { ToolErrorIdentity } from './runtime/index.js';
export type {
  AgentEnvironment,
  AgentHandle,
  AgentInit,
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
  InboxMessage,
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
  StepOutcome,
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
  ToolSubagents,
  TurnEndReason,
} from './runtime/index.js';

// The in-process run driver shared by the spawn and fork providers, the subagent service, and what a child
// gets at start (depth, structured output, report channel, delegated policy, settlement notice).
export {
  createForkProvider,
  createSpawnProvider,
  SubagentError,
} from './runtime/index.js';
export type {
  ChildSetup,
  InProcessProviderConfig,
  InProcessRunOptions,
  ListenerErrorHandler,
  OutputContract,
  PreparedChild,
  SettlementNotice,
  StructuredRuntime,
  SubagentEventName,
  SubagentRuntimeEvents,
} from './runtime/index.js';

// The background-job service (DSH dsh-jobs-local) and its model-facing controls (dsh-tool-jobs): the registry,
// `job_output` / `job_list` / `job_kill`, the `tool:jobs` section, completion notices and their texts.
export {
  JOB_TOOLS,
  JobRegistry,
  JOBS_SECTION,
} from './runtime/index.js';
export type { JobRegistryOptions } from './runtime/index.js';

// The model-facing delegation tool: config, wire schema and wording, how a foreground result reaches the parent,
// and how a one-shot background run becomes a job.
export {
  createDelegationTool,
  parseDelegationToolConfig,
} from './runtime/index.js';
export type { DelegationTool, DelegationToolConfig, DelegationToolConfigInput, MountedProvider, QuestionAnswerer } from './runtime/index.js';

// The in-process agent host and the composition a recorded head came from.
export {
  AgentHost,
  compositionFromHead,
} from './runtime/index.js';
export type { AgentHostOptions, CreateAgentOptions, RecordedHead } from './runtime/index.js';
