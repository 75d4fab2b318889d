import type { ContentBlock, MessageSource } from '../../model/content.js';
import type { CallConfig } from '../../model/language-model.js';
import type { AssembledHead } from '../head/assemble-head.js';
import { agentHead } from './agent-head.js';
import type { AgentSessionLog } from '../log/session-log.js';
import type { AgentEnvironment, AgentHandle, AgentStatus, CancelCause, SentRequest } from './agent-contract.js';
import type { ToolDefinition } from './tool-contract.js';
import { AgentScope } from './agent-scope.js';
import { runTurn } from './agent-turn.js';
import type { InboxMessage } from './inbox-message.js';
import type { LoopState, TurnDriver } from './loop-state.js';
import { TurnCancellation } from './turn-cancellation.js';
import { UsageError } from '../../../prefix/index.js';

/** How an agent is constructed (by `AgentHost` or the run driver, never directly). */
export interface AgentInit {
  readonly host: AgentEnvironment;
  readonly session: AgentSessionLog;
  readonly config: CallConfig;
  readonly parent?: AgentHandle | undefined;
}

/**
 * A concrete agent: one session log, one registration scope, an inbox, and a driver that runs one
 * turn per queued prompt (DSH's agent loop, core/agent-loop README). Agents are created by
 * `AgentHost`; children by the in-process run driver.
 */
export class Agent implements AgentHandle {
  readonly host: AgentEnvironment;
  readonly session: AgentSessionLog;
  /** The call config every request starts from (provider, model, output cap). */
  readonly config: CallConfig;
  /** The delegating agent, for a child. */
  readonly parent: AgentHandle | undefined;
  /** The agent's own registration layer. */
  readonly scope = new AgentScope();
  readonly #state: LoopState = { taskSeq: undefined, headerLogged: false, requests: [] };
  readonly #turnStartHooks: (() => void)[] = [];
  #nextTurn: InboxMessage[] = [];
  #nextStep: InboxMessage[] = [];
  #turnController: AbortController | undefined;
  #driving: Promise<void> | undefined;
  #disposed = false;
  #unloaded = false;
  /** Set by an interrupt that keeps the inbox: queued input waits for the next waking send. */
  #parked = false;

  constructor(init: AgentInit) {
    this.host = init.host;
    this.session = init.session;
    this.config = init.config;
    this.parent = init.parent;
  }

  /** Every request this agent sent, in order, as model input and as a prefix-engine request. */
  get requests(): readonly SentRequest[] {
    return this.#state.requests;
  }

  /** Seq of the child's task message (its first own user prompt), once claimed. */
  get taskSeq(): number | undefined {
    return this.#state.taskSeq;
  }

  /** The agent's id: its session id. */
  get id(): string {
    return this.session.header.id;
  }

  /** Working directory of the session. */
  get cwd(): string | undefined {
    return this.session.header.cwd;
  }

  /** The persisted, authoritative delegation depth (0 for a top-level agent). */
  get delegationDepth(): number {
    return this.session.header.delegationDepth;
  }

  get status(): AgentStatus {
    return this.#disposed ? 'disposed' : this.#driving ? 'running' : 'idle';
  }

  /** Runs once at the start of the next turn, after its input is claimed (the driver's descriptor uses it). */
  onNextTurnStart(hook: () => void): void {
    this.#turnStartHooks.push(hook);
  }

  /** Queues a prompt as the next FIFO turn and wakes the driver; returns the message id. */
  followup(content: readonly ContentBlock[], source: MessageSource = { kind: 'user' }): string {
    return this.#enqueue('next-turn', content, source, true);
  }

  /** Adds input for the next step (or a new turn when idle) and wakes the driver. */
  steer(content: readonly ContentBlock[], source: MessageSource): string {
    return this.#enqueue('next-step', content, source, true);
  }

  /** Adds next-step input without waking an idle driver. */
  inject(content: readonly ContentBlock[], source: MessageSource): string {
    return this.#enqueue('next-step', content, source, false);
  }

  /** Resolves when the driver has no work left. */
  async whenIdle(): Promise<void> {
    while (this.#driving) await this.#driving;
  }

  /**
   * Cancels the current turn cooperatively; pending input is discarded unless `keepInbox`. With
   * `keepInbox` (DSH's interrupt) only the current turn stops: queued input stays parked, not run,
   * until the next waking send, so an interrupt does not roll straight into the next queued turn.
   */
  cancel(cause: CancelCause, options: { readonly keepInbox?: boolean } = {}): void {
    if (!options.keepInbox) {
      this.#discard('next-step', this.#nextStep);
      this.#discard('next-turn', this.#nextTurn);
      this.#nextStep = [];
      this.#nextTurn = [];
    }
    if (this.#turnController && !this.#turnController.signal.aborted) {
      if (options.keepInbox) this.#parked = true;
      this.#turnController.abort(new TurnCancellation(cause));
    }
  }

  /** Stops the loop, waits for quiescence and leaves the host's registry. Idempotent. */
  async dispose(): Promise<void> {
    if (!this.#disposed) {
      this.cancel('disposed');
      this.#disposed = true;
    }
    await this.whenIdle();
    // Jobs this agent owns stop with it (DSH dsh-jobs-local: owner disposal cancels and awaits them).
    await this.host.jobs?.disposeOwned(this);
    this.host.unpublish(this);
  }

  /**
   * Leaves the live registry without ending the session: DSH releases a settled continuable child's
   * handle, and the child lives on as its stored session (`list_agents` reports it `ready`). A later
   * `reload` is a cold resume, so the next request opens a fresh loop instance's `resume` header.
   */
  unload(): void {
    if (this.#driving) throw new UsageError('agent/busy', `agent ${this.id} is running and cannot be unloaded; wait for whenIdle() first`);
    this.host.unpublish(this);
    this.#state.headerLogged = false;
    this.#unloaded = true;
  }

  /** Re-enters the live registry after `unload` (DSH's cold resume of a stored child). */
  reload(): void {
    if (this.#disposed) throw new UsageError('agent/disposed', `agent ${this.id} is disposed and cannot be resumed`);
    if (this.host.agents.get(this.id) !== this) this.host.publish(this);
    this.#unloaded = false;
  }

  /** Assembles this agent's request head as of now (global layer + scope, filter, Code Mode). */
  assembleHead(): AssembledHead<ToolDefinition> {
    return agentHead({ composition: this.host.composition, scope: this.scope, config: this.config, cwd: this.cwd, isChild: this.parent !== undefined });
  }

  // The turn's view of this agent's private state and inbox; only this agent's own turns get it.
  #turnDriver(): TurnDriver {
    return {
      state: this.#state,
      scope: this.scope,
      beginTurn: () => {
        this.#turnController = new AbortController();
        return this.#turnController.signal;
      },
      endTurn: () => {
        this.#turnController = undefined;
      },
      claimForTurn: () => {
        const claimed = this.#claimForStep();
        const prompt = this.#nextTurn.shift();
        if (prompt) {
          this.session.append('agent/inbox/spliced', { target: 'next-turn', start: 0, removedCount: 1, inserted: [] });
          claimed.push(prompt);
        }
        for (const hook of this.#turnStartHooks.splice(0)) hook();
        return claimed;
      },
      claimForStep: () => this.#claimForStep(),
      hasStepInput: () => this.#nextStep.length > 0,
    };
  }

  #claimForStep(): InboxMessage[] {
    if (this.#nextStep.length === 0) return [];
    const claimed = this.#nextStep;
    this.#nextStep = [];
    this.session.append('agent/inbox/spliced', { target: 'next-step', start: 0, removedCount: claimed.length, inserted: [] });
    return claimed;
  }

  #enqueue(target: 'next-turn' | 'next-step', content: readonly ContentBlock[], source: MessageSource, wake: boolean): string {
    if (this.#disposed) throw new UsageError('agent/disposed', `agent ${this.id} is disposed and accepts no input`);
    // Input to a stored child must resume it first, or it would run outside the live registry.
    if (this.#unloaded) throw new UsageError('agent/unloaded', `agent ${this.id} is unloaded (settled, kept as its stored session): send it work through the subagent service, which resumes it`);
    const message: InboxMessage = { content, source, role: 'user', id: this.host.newId() };
    const queue = target === 'next-turn' ? this.#nextTurn : this.#nextStep;
    this.session.append('agent/inbox/spliced', { target, start: queue.length, inserted: [message] });
    queue.push(message);
    // A waking send releases parked input too: DSH leaves input sent between the interrupt and the
    // driver going idle queued until yet another send (its documented wake gap); we do not copy that gap.
    if (wake) this.#parked = false;
    if (wake) this.#wake();
    return message.id;
  }

  #discard(target: 'next-turn' | 'next-step', queue: readonly InboxMessage[]): void {
    if (queue.length > 0) this.session.append('agent/inbox/spliced', { target, start: 0, removedCount: queue.length, inserted: [], outcome: 'canceled' });
  }

  #wake(): void {
    if (this.#driving || this.#disposed || this.#parked) return;
    if (this.#nextTurn.length === 0 && this.#nextStep.length === 0) return;
    this.#driving = (async () => {
      // Start on a later macrotask, as DSH's driver does: the caller finishes its setup, and input that
      // lands in the same burst joins the same turn (subagent-report/session.jsonl: a child's report and
      // its settlement notice, queued one after the other, open one parent turn together).
      await new Promise<void>((resolve) => setImmediate(resolve));
      const driver = this.#turnDriver();
      while (!this.#disposed && !this.#parked && (this.#nextTurn.length > 0 || this.#nextStep.length > 0)) await runTurn(this, driver);
    })().finally(() => {
      this.#driving = undefined;
      this.#wake();
    });
  }
}
