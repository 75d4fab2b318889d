/*
 * The agent contract: the agent as its tools, children and driver see it, the host as its agents
 * see it, and the two services that hold agents (subagents, background jobs). These references are
 * mutual, so they are declared together here, as interfaces, and the classes that implement them
 * (`Agent`, `AgentHost`, `SubagentRuntime`, `JobRegistry`) import this file and never each other's
 * type back. The data they exchange lives in the contracts below this one, which never import it:
 * `tool-contract.ts` (tools and their capability facade), `subagent-contract.ts` (start requests,
 * capabilities, results) and `job-contract.ts` (job declarations, lifecycle, output). This keeps the
 * runtime's rooms free of import circles.
 */
import type { LayoutName, PrefixRequest } from '../../../prefix/index.js';
import type { ContentBlock, MessageSource } from '../../model/content.js';
import type { CallConfig, LanguageModel, ModelRequest } from '../../model/language-model.js';
import type { AssembledHead } from '../head/assemble-head.js';
import type { CodeModeComposition } from '../head/code-mode.js';
import type { PromptContext, PromptSection } from '../head/prompt-section.js';
import type { ToolFilter } from '../head/tool-filter.js';
import type { AgentSessionLog } from '../log/session-log.js';
import type { JobRead, JobSnapshot, JobSpec } from './job-contract.js';
import type { ContinuableCreateSpec, DelegationRequest, InterruptOutcome, SubagentCapabilities, SubagentResult } from './subagent-contract.js';
import type { ToolDefinition, ToolGuard, ToolResultObserver } from './tool-contract.js';

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

/** One delegation request (DSH `SubagentStartRequest`). */
export interface SubagentStartRequest extends DelegationRequest {
  /** The delegating agent. */
  readonly parent: AgentHandle;
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

/** A producer's declaration of one background job (DSH `JobStart`). */
export interface JobStart extends JobSpec {
  /** The owning live agent: only it may read or kill the job, and its disposal stops the job. */
  readonly owner: AgentHandle;
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
