import { textOf, type ContentBlock } from '../../model/content.js';
import { startContinuableRun } from './continuable-run.js';
import { interruptTarget } from './interrupt-authority.js';
import { NOT_RESUMABLE, SubagentError } from './subagent-error.js';
import { SubagentCatalog } from './subagent-catalog.js';
import type { AgentHandle, ContinuableChild, SubagentCatalogEntry, SubagentTreeEntry, SubagentProvider, SubagentRun, SubagentService, SubagentStartRequest } from '../loop/agent-contract.js';
import type { InterruptOutcome, StopReason } from '../loop/subagent-contract.js';

/** Events of the subagent service (DSH `subagent/*`). */
export interface SubagentRuntimeEvents {
  'subagent/provider-added': { readonly provider: SubagentProvider };
  'subagent/provider-removed': { readonly name: string };
  'subagent/start': {
    readonly runId: string;
    readonly provider: string;
    readonly parentSessionId: string;
    readonly childSessionId: string;
    readonly local: boolean;
    /** The child agent of an in-process run. */
    readonly localAgent: AgentHandle;
  };
  'subagent/end': {
    readonly runId: string;
    readonly provider: string;
    readonly parentSessionId: string;
    readonly childSessionId: string;
    readonly stopReason: StopReason | 'rejected';
    readonly lastAssistantMessage?: string;
  };
}

/** A subagent event name. */
export type SubagentEventName = keyof SubagentRuntimeEvents;

type Listener<E extends SubagentEventName> = (payload: SubagentRuntimeEvents[E]) => void;

/** Reports a listener that threw; listeners are contained so peers and runs are unaffected. */
export type ListenerErrorHandler = (error: unknown, event: SubagentEventName) => void;

/**
 * The subagent service (DSH `ctx.subagents`): a registry of named providers and the one place
 * delegations start. Registration returns its disposer; removing a provider prevents new starts
 * but never revokes a run already returned to its caller.
 */
export class SubagentRuntime implements SubagentService {
  readonly #providers = new Map<string, SubagentProvider>();
  readonly #listeners = new Map<SubagentEventName, Set<Listener<SubagentEventName>>>();
  readonly #catalog = new SubagentCatalog();
  readonly #continuables = new Map<string, ContinuableChild>();
  #runCounter = 0;
  /** Called when a listener throws (default: ignored after containment). */
  onListenerError: ListenerErrorHandler = () => {};

  /** Registers a provider by its name; a duplicate name fails loud. Returns the disposer. */
  registerProvider(provider: SubagentProvider): () => void {
    if (this.#providers.has(provider.name)) {
      throw new SubagentError('subagent/duplicate-provider', `a subagent provider named "${provider.name}" is already registered: give each provider instance a distinct providerName`);
    }
    this.#providers.set(provider.name, provider);
    this.#emit('subagent/provider-added', { provider });
    let disposed = false;
    return () => {
      if (disposed) return;
      disposed = true;
      if (this.#providers.get(provider.name) === provider) {
        this.#providers.delete(provider.name);
        this.#emit('subagent/provider-removed', { name: provider.name });
      }
    };
  }

  /** The provider registered under `name`, or undefined. */
  get(name: string): SubagentProvider | undefined {
    return this.#providers.get(name);
  }

  /** DSH's name for `get` (`SubagentRuntime.getProvider`). */
  getProvider(name: string): SubagentProvider | undefined {
    return this.get(name);
  }

  /** Provider names in insertion order. */
  list(): string[] {
    return [...this.#providers.keys()];
  }

  /** Subscribes to one event; returns the unsubscriber. */
  on<E extends SubagentEventName>(event: E, listener: Listener<E>): () => void {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener as Listener<SubagentEventName>);
    return () => set.delete(listener as Listener<SubagentEventName>);
  }

  /**
   * Starts a one-shot child on the named provider and resolves once it is published. The request is
   * checked against the provider's capabilities before any child exists. `subagent/start` is
   * emitted after the result observer is attached, so `subagent/end` always follows it.
   */
  async start(name: string, request: SubagentStartRequest): Promise<SubagentRun> {
    const provider = this.#resolve(name, request);
    const run = await provider.start(request);
    this.#record(run.localAgent, 'one-shot', request);
    const runId = `run-${++this.#runCounter}`;
    const base = { runId, provider: name, parentSessionId: request.parent.id, childSessionId: run.id };
    void run.result.then(
      (result) => {
        const text = textOf(result.output);
        this.#emit('subagent/end', { ...base, stopReason: result.stopReason, ...(text === '' ? {} : { lastAssistantMessage: text }) });
      },
      () => this.#emit('subagent/end', { ...base, stopReason: 'rejected' }),
    );
    this.#emit('subagent/start', { ...base, local: true, localAgent: run.localAgent });
    return run;
  }

  /**
   * Establishes a continuable child: the provider prepares the detached creation data (its seed,
   * captured once), the runtime creates the child with its child-scoped `report` channel and
   * delivers the initial prompt. Requires the provider's `prepareContinuable` capability.
   */
  async startContinuable(name: string, request: SubagentStartRequest): Promise<ContinuableChild> {
    const provider = this.#resolve(name, request);
    if (!provider.prepareContinuable) {
      throw new SubagentError('subagent/not-continuable', `subagent provider "${name}" does not support continuable children (no prepareContinuable)`);
    }
    const spec = provider.prepareContinuable(request);
    const child = await startContinuableRun(request, spec, name);
    this.#record(child.agent, 'continuable', request);
    this.#continuables.set(child.childId, child);
    return child;
  }

  /**
   * Delivers a later message from the child's exact live direct parent as the child's next turn
   * (DSH `followup`); a settled child is resumed. Authority is the durable parent link, never the
   * message source: any other caller, like an unknown or disposed child, reads DSH's
   * `subagent "<id>" is unavailable` (`NOT_RESUMABLE`, subagent-continuable/session.jsonl).
   */
  followup(parent: AgentHandle, childId: string, content: readonly ContentBlock[]): string {
    const child = this.#continuables.get(childId);
    if (child === undefined || child.agent.parent !== parent) {
      throw new SubagentError('subagent/unavailable', `subagent "${childId}" is unavailable`, { identity: NOT_RESUMABLE });
    }
    return child.send(content);
  }

  /**
   * Interrupts the current turn of a continuable agent below the caller (DSH `interrupt` under
   * ancestor authority): admission is synchronous, the stop lands when the target's turn observes
   * its signal. The turn ends `aborted` with cause `parent`; queued input stays parked, the target's
   * children keep running, and its settlement reaches its own parent as after any turn.
   */
  interrupt(caller: AgentHandle, targetId: string): InterruptOutcome {
    const agent = interruptTarget(this.#catalog, caller, targetId, this.#continuables.get(targetId)?.agent);
    // A target out of the registry (settled, stored) or between turns has nothing to stop: DSH
    // accepts that as a no-op rather than an error.
    if (agent.status !== 'running' || agent.host.agents.get(agent.id) !== agent) return 'not-running';
    agent.cancel('parent', { keepInbox: true });
    return 'requested';
  }

  /** Direct children of a session, resident or not, ordered by `createdAt` then id (DSH `listChildren`). */
  listChildren(parentSessionId: string): readonly SubagentCatalogEntry[] {
    return this.#catalog.children(parentSessionId);
  }

  /** The whole tree below a session in stable pre-order (DSH `listDescendants`). */
  listDescendants(rootSessionId: string): readonly SubagentTreeEntry[] {
    return this.#catalog.descendants(rootSessionId);
  }

  #record(agent: AgentHandle, mode: 'one-shot' | 'continuable', request: SubagentStartRequest): void {
    const facts = { id: agent.id, parentId: request.parent.id, label: request.label ?? '', createdAt: agent.session.header.createdAt };
    this.#catalog.record(mode === 'continuable' ? { ...facts, mode, agent } : { ...facts, mode });
  }

  #resolve(name: string, request: SubagentStartRequest): SubagentProvider {
    const provider = this.#providers.get(name);
    if (!provider) throw new SubagentError('subagent/unknown-provider', `subagent provider "${name}" is not registered (registered: ${this.list().join(', ') || 'none'})`);
    const missing: string[] = [];
    if (request.outputSchema !== undefined && !provider.capabilities.outputSchema) missing.push('outputSchema');
    if (request.maxDepth !== undefined && !provider.capabilities.depthLimit) missing.push('depthLimit');
    if (request.toolFilter !== undefined && !provider.capabilities.toolFilter) missing.push('toolFilter');
    if (request.persona !== undefined && !provider.capabilities.persona) missing.push('persona');
    if (missing.length > 0) throw new SubagentError('subagent/unsupported-capability', `subagent provider "${name}" cannot enforce ${missing.join(', ')}`);
    return provider;
  }

  #emit<E extends SubagentEventName>(event: E, payload: SubagentRuntimeEvents[E]): void {
    for (const listener of this.#listeners.get(event) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
  }
}
