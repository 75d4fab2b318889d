/*
 * The contract the agent loop, the run driver, the host and tools meet on. An agent's tools receive
 * the agent, the agent's host offers the subagent service, and the service's requests name their
 * parent agent: those references are mutual, so they are declared together here, as interfaces,
 * and the classes that implement them (`Agent`, `AgentHost`, `SubagentRuntime`) import this file
 * and never each other's type back. This keeps the runtime's rooms free of import circles.
 */
import type { LayoutName, PrefixRequest } from '../../../prefix/index.js';
import type { ContentBlock, ImageBlock, MessageSource, TextBlock } from '../../model/content.js';
import type { CallConfig, LanguageModel, ModelRequest, ToolSchema } from '../../model/language-model.js';
import type { AssembledHead } from '../head/assemble-head.js';
import type { CodeModeComposition } from '../head/code-mode.js';
import type { PromptContext, PromptSection } from '../head/prompt-section.js';
import type { ToolFilter } from '../head/tool-filter.js';
import type { AgentSessionLog, RecordedEvent } from '../log/session-log.js';

/**
 * What a tool's `execute` receives besides its arguments: a capability facade, not the agent. It
 * names the calling agent and grants only what the host lets this agent's tools do, each capability
 * already bound to this agent. No agent, parent, host or provider registry is reachable from it at
 * runtime (issue 7 §5: a child cannot register a provider or reach its parent's scope), so a cast
 * cannot widen a child's authority.
 */
export interface ToolExecution {
  /** The calling agent's id (its session id). */
  readonly agentId: string;
  /** The calling agent's working directory. */
  readonly cwd: string | undefined;
  readonly callId: string;
  /** The turn's cancellation signal. */
  readonly signal: AbortSignal;
  /** Ends the turn once this step's results are logged (DSH `concludeTurn()`, used by structured output). */
  concludeTurn(): void;
  /**
   * Hands the model a user message that enters the agent's next step once this call's result is
   * logged: how DSH's Code Mode gives the model the images its subtools returned, which a text-only
   * `run_code` result cannot carry (code-mode-read-image/session.jsonl).
   */
  addAfterResult(content: readonly ContentBlock[], source: MessageSource): void;
  /**
   * True when a live agent owns the caller (its direct parent is the live agent of that id): DSH
   * then keeps the human out of the call (`ask_user_question` rejects with `DELEGATED_CALLER`).
   */
  readonly ownedByLiveAgent: boolean;
  /** Delegation, with the calling agent as every child's parent. */
  readonly subagents: ToolSubagents;
  /** The calling agent's background jobs, when the deployment loads a job service; absent otherwise. */
  readonly jobs: ToolJobs | undefined;
}

/** A delegation request as a tool makes it: the parent is always the calling agent. */
export type DelegationRequest = Omit<SubagentStartRequest, 'parent'>;

/** A one-shot child as a tool holds it: its id, result and disposal, never the child agent itself. */
export interface DelegatedRun {
  readonly id: string;
  readonly result: Promise<SubagentResult>;
  /** Idempotent: cancels remaining work and waits for the result and the child's quiescence. */
  dispose(): Promise<void>;
}

/** A continuable child as a tool holds it: ids, settlement and messaging, never the child agent itself. */
export interface DelegatedChild {
  readonly childId: string;
  readonly messageId: string;
  readonly settled: Promise<SubagentResult>;
  send(content: readonly ContentBlock[]): string;
  dispose(): Promise<void>;
}

/** The subagent service bound to one calling agent (no provider registration, no other parent). */
export interface ToolSubagents {
  start(provider: string, request: DelegationRequest): Promise<DelegatedRun>;
  startContinuable(provider: string, request: DelegationRequest): Promise<DelegatedChild>;
  /** The caller's direct children, resident or stored, with their live status (DSH `list_agents`). */
  listChildren(): readonly ListedSubagent[];
  /** The whole tree below the caller in stable pre-order, with depth (DSH `list_agents` `descendants`). */
  listDescendants(): readonly ListedSubagent[];
  /** Sends the caller's child a later message as its next turn (DSH `send_message`); see `SubagentService.followup`. */
  followup(childId: string, content: readonly ContentBlock[]): string;
  /** Stops the current turn of a continuable agent below the caller (DSH `interrupt_agent`); see `SubagentService.interrupt`. */
  interrupt(targetId: string): InterruptOutcome;
}

/**
 * An accepted interrupt: `requested` when the target was running a turn (the stop lands
 * asynchronously), `not-running` when it had none to stop (DSH's accepted no-op).
 */
export type InterruptOutcome = 'requested' | 'not-running';

/** A child as a tool lists it: catalog facts and its status, never the child agent itself. */
export interface ListedSubagent {
  readonly id: string;
  readonly parentId: string;
  readonly mode: 'one-shot' | 'continuable';
  readonly label: string;
  /** 1 for the caller's direct child. */
  readonly depth: number;
  /** `running` or `idle` while loaded in the live registry; `ready` when the child exists only as its stored session. */
  readonly status: 'running' | 'idle' | 'ready';
}

/** The job service bound to one calling agent: it starts, reads and kills only that agent's jobs. */
export interface ToolJobs {
  start(spec: Omit<JobStart, 'owner'>): string;
  list(): JobSnapshot[];
  get(id: string): JobSnapshot;
  read(id: string): JobRead;
  kill(id: string, reason?: string): 'requested' | 'already-finished';
  wait(id: string, timeoutMs: number, signal?: AbortSignal): Promise<JobSnapshot>;
}

/**
 * A model-facing tool: its wire schema plus an executor. `execute` resolves with the result content
 * (text, or text and image blocks: an image rides in the tool result as DSH logs it) and throws for a failed call; the loop logs a thrown error as an errored
 * result `Error: <message>`, as DSH's tool registry does.
 */
export interface ToolDefinition extends ToolSchema {
  /**
   * True when calls may overlap with sibling calls of the same step (DSH `isConcurrencySafe`): a run
   * of such calls is dispatched together and its results are still logged in model order.
   */
  readonly isConcurrencySafe?: boolean;
  execute(args: unknown, execution: ToolExecution): Promise<string | readonly (TextBlock | ImageBlock)[]>;
}

/**
 * What a deployment composes globally (DSH's global layer): prompt sections, tools, runtime
 * contexts, optional Code Mode. Every agent of the host assembles from it, and a child adds only its
 * own scope layer on top.
 */
export interface HostComposition {
  readonly sections: readonly PromptSection[];
  readonly tools: readonly ToolDefinition[];
  /** Ordered dynamic contexts (`sandbox:policy`, `approval:policy`, …) for the runtime-context snapshot. */
  readonly contexts?: readonly PromptContext[];
  readonly codeMode?: CodeModeComposition<ToolDefinition>;
  /**
   * True when the approval capability is composed: delegated children then get their approval policy
   * pinned to `never`, logged as `approval/policy {policy:'never', source:'delegation'}`
   * (subagent README, "Delegated policy").
   */
  readonly approvalComposed?: boolean;
  /**
   * False suppresses every runtime-context snapshot for every agent of the host (DSH persona
   * `includeRuntimeContext: false`, as the `minimal` preset sets it); default true.
   */
  readonly includeRuntimeContext?: boolean;
  /**
   * False when the deployment does not load DSH's report package: continuable children then get no
   * `report` tool and no `tool:report` section. Default true, as DSH's base bundle loads it.
   */
  readonly reportChannel?: boolean;
}

/** One request an agent sent: what the model received, and the same request as the prefix engine sees it. */
export interface SentRequest {
  readonly turn: number;
  readonly step: number;
  readonly model: ModelRequest;
  /** The request rendered in the host's wire layout, cut into hashed segments. */
  readonly prefix: PrefixRequest;
  readonly head: AssembledHead;
}

/**
 * A final, monotonic denial checked before a call is dispatched (DSH `ToolGuard`): the returned
 * string becomes the errored result; `undefined` abstains.
 */
export type ToolGuard = (call: { readonly name: string; readonly callId: string }) => string | undefined;

/**
 * An observer of a call's final result (DSH `tools/result`), told once the result is logged: the
 * tool's name, the very execution its body received (its identity names one trip through the
 * loop; call ids may repeat across steps) and whether the final result is an error. A call whose
 * body never ran (denied, unknown, cancelled before dispatch) reaches observers with an execution
 * no body has seen.
 */
export type ToolResultObserver = (outcome: { readonly name: string; readonly execution: ToolExecution; readonly isError: boolean }) => void;

/** An agent's own registration layer as others may read it (the agent registers through `AgentScope`). */
export interface AgentScopeView {
  readonly sections: readonly PromptSection[];
  readonly tools: readonly ToolDefinition[];
  readonly contexts: readonly PromptContext[];
  readonly guards: readonly ToolGuard[];
  /** Observers of each call's final, logged result. */
  readonly resultObservers: readonly ToolResultObserver[];
  /** The global-tool restriction of this scope, if any. */
  readonly filter: ToolFilter | undefined;
  /** True while the scope suppresses runtime-context snapshots. */
  readonly runtimeContextSuppressed: boolean;
}

/** Why a turn was cancelled: `user` and `parent` end it `aborted`, disposal ends it `disposed`. */
export type CancelCause = 'user' | 'parent' | 'disposed';

/** What an agent is doing. */
export type AgentStatus = 'idle' | 'running' | 'disposed';

/**
 * An agent as its tools, its children and the run driver see it (implemented by `Agent`): identity,
 * route, log, the requests it sent, and its inbox operations.
 */
export interface AgentHandle {
  /** The agent's id: its session id. */
  readonly id: string;
  /** Working directory of the session. */
  readonly cwd: string | undefined;
  /** The persisted, authoritative delegation depth (0 for a top-level agent). */
  readonly delegationDepth: number;
  /** The call config every request starts from (provider, model, output cap). */
  readonly config: CallConfig;
  /** The delegating agent, for a child. */
  readonly parent: AgentHandle | undefined;
  readonly host: AgentEnvironment;
  readonly session: AgentSessionLog;
  /** The agent's own registration layer (read-only here). */
  readonly scope: AgentScopeView;
  /** Every request this agent sent, in order. */
  readonly requests: readonly SentRequest[];
  /** Seq of the child's task message (its first own user prompt), once claimed. */
  readonly taskSeq: number | undefined;
  readonly status: AgentStatus;
  /** Queues a prompt as the next FIFO turn and wakes the driver; returns the message id. */
  followup(content: readonly ContentBlock[], source?: MessageSource): string;
  /** Adds input for the next step (or a new turn when idle) and wakes the driver. */
  steer(content: readonly ContentBlock[], source: MessageSource): string;
  /** Adds next-step input without waking an idle driver. */
  inject(content: readonly ContentBlock[], source: MessageSource): string;
  /** Resolves when the driver has no work left. */
  whenIdle(): Promise<void>;
  /** Cancels the current turn cooperatively; pending input is discarded unless `keepInbox`. */
  cancel(cause: CancelCause, options?: { readonly keepInbox?: boolean }): void;
  /** Stops the loop, waits for quiescence and leaves the host's registry. Idempotent. */
  dispose(): Promise<void>;
  /** Assembles this agent's request head as of now. */
  assembleHead(): AssembledHead<ToolDefinition>;
}

/** The host as its agents see it (implemented by `AgentHost`): composition, model, registry, subagent service. */
export interface AgentEnvironment {
  readonly composition: HostComposition;
  readonly model: LanguageModel;
  /** Wire order of recorded prefix requests. */
  readonly layout: LayoutName;
  readonly clock: () => number;
  readonly newId: () => string;
  /** Published agents by session id. */
  readonly agents: ReadonlyMap<string, AgentHandle>;
  readonly subagents: SubagentService;
  /** The background-job service (DSH `ctx.jobs`), when the deployment loads one; absent otherwise. */
  readonly jobs: JobService | undefined;
  /** Enters an agent into the registry; a second agent with the same id is rejected. */
  publish(agent: AgentHandle): void;
  /** Removes exactly this agent (a stale handle never removes a same-id replacement). */
  unpublish(agent: AgentHandle): void;
  /** Observes every removal from the registry (unload or disposal); returns the unsubscriber. */
  onAgentUnpublished(listener: (agent: AgentHandle) => void): () => void;
}

/** Start-time features a provider can enforce (DSH `provider.capabilities`). */
export interface SubagentCapabilities {
  /** Enforce a structured final result. */
  readonly outputSchema: boolean;
  /** Enforce `maxDepth`. */
  readonly depthLimit: boolean;
  /** Apply the requested child tool restriction. */
  readonly toolFilter: boolean;
  /** Apply a per-child persona. */
  readonly persona: boolean;
}

/** Child model options; explicit values override what the child inherits from its parent. */
export interface ChildAgentOptions {
  readonly provider?: string | undefined;
  readonly model?: string | undefined;
  readonly maxTokens?: number | undefined;
}

/** A JSON Schema object, as a structured-output request carries it. */
export type JsonSchemaObject = Readonly<Record<string, unknown>>;

/** One delegation request (DSH `SubagentStartRequest`). */
export interface SubagentStartRequest {
  /** The delegating agent. */
  readonly parent: AgentHandle;
  /** The task, sent verbatim as the child's user message. */
  readonly prompt: readonly ContentBlock[];
  /** Required cancellation: before publication it rejects the start; afterwards it cancels the child. */
  readonly signal: AbortSignal;
  /** Short durable display label (the delegation tool passes its `description`). */
  readonly label?: string;
  readonly agentOptions?: ChildAgentOptions;
  /** Per-child persona: shadows `deployment:persona` in the child's scope. */
  readonly persona?: string;
  readonly toolFilter?: ToolFilter;
  /** Absolute cap on the child's delegation depth; absent sends no cap. */
  readonly maxDepth?: number;
  /** Requires a structured final result matching this schema. */
  readonly outputSchema?: JsonSchemaObject;
}

/** How a child run ended (DSH `SubagentResult.stopReason`). */
export type StopReason = 'completed' | 'aborted' | 'error' | 'max-tokens' | 'refusal';

/** The terminal result of a run (DSH `SubagentResult`). */
export interface SubagentResult {
  /**
   * The child's own final output: the content of its last assistant message with any content (or
   * its streamed text when it has none), never seeded parent output; `[]` when none.
   */
  readonly output: readonly ContentBlock[];
  /** The captured structured value, when an output schema was required and the child committed one. */
  readonly structured?: unknown;
  /** A safe provider diagnostic for a non-completed result. */
  readonly diagnostic?: string;
  readonly stopReason: StopReason;
}

/** A published one-shot child, owned by the caller (DSH `SubagentRun`). */
export interface SubagentRun {
  /** The child's session id. */
  readonly id: string;
  /** The child agent itself (in-process runs). */
  readonly localAgent: AgentHandle;
  readonly result: Promise<SubagentResult>;
  /** Idempotent: cancels remaining work and waits for the result and the child's quiescence. */
  dispose(): Promise<void>;
}

/** The detached data a provider prepares for a continuable child (DSH `ContinuableCreateSpec`). */
export interface ContinuableCreateSpec {
  readonly seed?: readonly RecordedEvent[];
}

/** A provider of child agents, registered by name (DSH `SubagentProvider`). */
export interface SubagentProvider {
  readonly name: string;
  readonly capabilities: SubagentCapabilities;
  /** Descriptive: whether the child sees completed parent history (fork) or not (spawn). */
  readonly inheritsParentContext: boolean;
  /** Starts a one-shot child; fulfils only once the child is published. */
  start(request: SubagentStartRequest): Promise<SubagentRun>;
  /** Present when the provider supports continuable children: captures the creation data once. */
  prepareContinuable?(request: SubagentStartRequest): ContinuableCreateSpec;
}

/** A continuable child that accepted its initial prompt (DSH `startContinuable` result plus the live child). */
export interface ContinuableChild {
  readonly childId: string;
  /** Id of the accepted initial prompt. */
  readonly messageId: string;
  readonly agent: AgentHandle;
  /** Settles when the child's current work ends: the latest epoch's result (its parent was notified of it). */
  readonly settled: Promise<SubagentResult>;
  /**
   * Sends a later message as the child's next turn (DSH `send_message`), sourced
   * `{kind:'coordinator', form:'relay', senderSessionId: <parent>}`; returns the accepted message id.
   * A message to a settled child opens a new epoch, whose settlement notifies the parent again.
   */
  send(content: readonly ContentBlock[]): string;
  dispose(): Promise<void>;
}

/** What every child session the host started keeps, as its durable header and descriptor name it. */
interface SubagentCatalogFacts {
  readonly id: string;
  /** The durable direct parent (`parentSession`). */
  readonly parentId: string;
  /** The durable display label (the delegation's `description`); `''` when none was given. */
  readonly label: string;
  readonly createdAt: number;
}

/**
 * One child session the host started. Only a continuable child keeps its agent (its session is the
 * stored, resumable record); a one-shot child is a traversal node of `listDescendants` once its run
 * ends, and holding its agent would keep every finished run's session alive for the host's life.
 */
export type SubagentCatalogEntry =
  | (SubagentCatalogFacts & { readonly mode: 'continuable'; readonly agent: AgentHandle })
  | (SubagentCatalogFacts & { readonly mode: 'one-shot'; readonly agent?: undefined });

/** A catalog entry placed in its root's tree (DSH `listDescendants`). */
export type SubagentTreeEntry = SubagentCatalogEntry & {
  /** 1 for a direct child of the root. */
  readonly depth: number;
};

/** The subagent service as agents and tools reach it (DSH `ctx.subagents`; implemented by `SubagentRuntime`). */
export interface SubagentService {
  /** Direct children of a session, resident or not, ordered by `createdAt` then id (DSH `listChildren`). */
  listChildren(parentSessionId: string): readonly SubagentCatalogEntry[];
  /** The whole tree below a session in stable pre-order (DSH `listDescendants`). */
  listDescendants(rootSessionId: string): readonly SubagentTreeEntry[];
  /** Starts a one-shot child on the named provider and resolves once it is published. */
  start(name: string, request: SubagentStartRequest): Promise<SubagentRun>;
  /** Establishes a continuable child on the named provider. */
  startContinuable(name: string, request: SubagentStartRequest): Promise<ContinuableChild>;
  /**
   * Delivers a later message from the child's exact live direct parent as the child's next turn
   * (DSH `followup`, behind `send_message`), resuming a settled child; returns the accepted message
   * id. An unknown child, another parent's child or a disposed one is `subagent "<id>" is unavailable`.
   */
  followup(parent: AgentHandle, childId: string, content: readonly ContentBlock[]): string;
  /**
   * Interrupts the current turn of a continuable agent anywhere below the live caller (DSH
   * `interrupt` under ancestor authority), keeping its queued input, its children and the agent
   * itself. Anything else — an unknown id, the caller itself, an agent outside its subtree, a
   * one-shot child — is rejected.
   */
  interrupt(caller: AgentHandle, targetId: string): InterruptOutcome;
}

/** A job's lifecycle (DSH `JobStatus`): `running`, optionally `stopping`, then one terminal status. */
export type JobStatus = 'running' | 'stopping' | 'completed' | 'killed' | 'failed';

/** How a job's work ended, as its producer reports it (DSH `JobOutcome`). */
export interface JobOutcome {
  readonly status: 'completed' | 'killed' | 'failed';
  /** Kind-specific detail rendered into status lines (`error; diagnostic: …`). */
  readonly detail?: string;
  /** Final output of a final-output job (a subagent's text). */
  readonly output?: string;
}

/** The hooks a producer returns when its job starts (DSH `JobHooks`). */
export interface JobHooks {
  /** Requests termination; synchronous and idempotent, and it eventually settles `done`. */
  cancel(reason?: string): void;
  /** Resolves after the producer released its resources; never rejects. */
  readonly done: Promise<JobOutcome>;
}

/** A producer's declaration of one background job (DSH `JobStart`). */
export interface JobStart {
  /** Producer kind, also the id prefix (`subagent`, `bash`). */
  readonly kind: string;
  /** One-line model-facing label (the delegation's description). */
  readonly label: string;
  /** The owning live agent: only it may read or kill the job, and its disposal stops the job. */
  readonly owner: AgentHandle;
  /** Starts the work once the registry admitted the job; called once. */
  run(): JobHooks;
}

/** A read-only copy of one job (DSH `JobSnapshot`). */
export interface JobSnapshot {
  /** `<kind>-<n>`, numbered per kind from 1. */
  readonly id: string;
  readonly kind: string;
  readonly label: string;
  readonly ownerSession: string;
  readonly status: JobStatus;
  readonly detail?: string;
  readonly startedAt: number;
  readonly finishedAt?: number;
  /** True once a kill, read or wait reported (or will report) the terminal state: no completion notice is owed. */
  readonly reported: boolean;
}

/** What a read returns: the job's output (final-output jobs: empty until settled) and its state. */
export interface JobRead {
  readonly text: string;
  readonly snapshot: JobSnapshot;
}

/** Called once per settled job with its owner (DSH `JobDoneListener`). */
export type JobDoneListener = (snapshot: JobSnapshot, owner: AgentHandle) => void;

/** The background-job service as tools reach it (DSH `ctx.jobs`; implemented by `JobRegistry`). */
export interface JobService {
  /** Admits and starts a job; returns its id. */
  start(spec: JobStart): string;
  /** The caller's jobs, running and finished. */
  list(caller: AgentHandle): JobSnapshot[];
  /** One job's state, without consuming output. */
  get(id: string, caller: AgentHandle): JobSnapshot;
  /** The job's output and state; reading a settled job reports it. */
  read(id: string, caller: AgentHandle): JobRead;
  /** Requests cancellation; `already-finished` when the job had settled. */
  kill(id: string, caller: AgentHandle, reason?: string): 'requested' | 'already-finished';
  /** Waits until the job settles, the timeout passes, or the signal aborts. */
  wait(id: string, timeoutMs: number, caller: AgentHandle, signal?: AbortSignal): Promise<JobSnapshot>;
  /** Cancels every job the agent owns and waits until they settled (the owner's disposal). */
  disposeOwned(owner: AgentHandle): Promise<void>;
  /** Observes every settlement (DSH `onJobDone`); returns the unsubscriber. */
  onJobDone(listener: JobDoneListener): () => void;
}
