/*
 * The tool contract: what a model-facing tool is, and the capability facade its `execute`
 * receives (delegation and jobs bound to the calling agent, never the agent itself).
 */
import type { ContentBlock, ImageBlock, MessageSource, TextBlock } from '../../model/content.js';
import type { ToolSchema } from '../../model/language-model.js';
import type { JobRead, JobSnapshot, JobSpec } from './job-contract.js';
import type { DelegationRequest, InterruptOutcome, ListedSubagent, SubagentResult } from './subagent-contract.js';

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

/** The job service bound to one calling agent: it starts, reads and kills only that agent's jobs. */
export interface ToolJobs {
  start(spec: JobSpec): string;
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
