import { randomUUID } from 'node:crypto';
import { UsageError, type LayoutName } from '../../../prefix/index.js';
import type { LanguageModel } from '../../model/language-model.js';
import { SubagentRuntime } from '../driver/subagent-runtime.js';
import { assertSectionLayer } from '../head/assemble-head.js';
import { AgentSessionLog, type AgentSessionHeader } from '../log/session-log.js';
import { deliverJobNotice } from '../jobs/job-notice.js';
import type { JobRegistry } from '../jobs/job-registry.js';
import type { AgentEnvironment, AgentHandle, HostComposition } from '../loop/agent-contract.js';
import { Agent } from '../loop/agent.js';

/** Options of `AgentHost`. */
export interface AgentHostOptions {
  readonly composition: HostComposition;
  /** The injected language model every agent calls. */
  readonly model: LanguageModel;
  /**
   * Wire order of recorded prefix requests (default `chat`, DeepSeek's). Tools and messages are
   * rendered as chat wire objects in either order; `anthropic` changes which parts come first.
   */
  readonly layout?: LayoutName;
  /** Clock for event times and headers (default `Date.now`). */
  readonly clock?: () => number;
  /** Id source for sessions and messages (default `randomUUID`). */
  readonly newId?: () => string;
  /**
   * The background-job service (DSH's base bundle loads `dsh-jobs-local` with `dsh-tool-jobs`). With
   * it, one-shot `run_in_background` delegations become jobs and settled jobs notify their owner;
   * without it they fail with "background jobs unavailable". Compose `JOB_TOOLS` and `JOBS_SECTION`
   * beside it for the model-facing controls.
   */
  readonly jobs?: JobRegistry;
}

/** How a top-level agent is created. */
export interface CreateAgentOptions {
  readonly provider: string;
  readonly model: string;
  readonly maxTokens?: number;
  readonly cwd?: string;
  /** The session id (default: a new id). */
  readonly id?: string;
}

/**
 * Rejects a global layer DSH's registries reject at registration: a section with a non-finite order
 * or registered twice, a tool registered twice. A host checks its composition with it, and so does
 * anything that assembles heads from a composition without a host.
 */
export function assertHostComposition(composition: HostComposition): void {
  assertSectionLayer(composition.sections, 'global layer');
  const names = new Set<string>();
  for (const tool of composition.tools) {
    if (names.has(tool.name)) throw new UsageError('host/duplicate-tool', `the composition registers tool '${tool.name}' twice`);
    names.add(tool.name);
  }
}

/**
 * An in-process agent host: the composition, the injected model, the registry of published agents
 * (DSH `ctx.agents`) and the subagent service (DSH `ctx.subagents`).
 */
export class AgentHost implements AgentEnvironment {
  readonly composition: HostComposition;
  readonly model: LanguageModel;
  readonly layout: LayoutName;
  readonly clock: () => number;
  readonly newId: () => string;
  readonly subagents: SubagentRuntime;
  /** The background-job service, when loaded. */
  readonly jobs: JobRegistry | undefined;
  readonly #agents = new Map<string, AgentHandle>();
  readonly #publishListeners = new Set<(agent: AgentHandle) => void>();
  readonly #unpublishListeners = new Set<(agent: AgentHandle) => void>();

  constructor(options: AgentHostOptions) {
    assertHostComposition(options.composition);
    this.composition = options.composition;
    this.model = options.model;
    this.layout = options.layout ?? 'chat';
    this.clock = options.clock ?? Date.now;
    this.newId = options.newId ?? randomUUID;
    this.subagents = new SubagentRuntime();
    this.jobs = options.jobs;
    this.jobs?.onJobDone(deliverJobNotice);
  }

  /** Published agents by session id. */
  get agents(): ReadonlyMap<string, AgentHandle> {
    return this.#agents;
  }

  /** Creates and publishes a top-level agent (delegation depth 0). */
  createAgent(options: CreateAgentOptions): Agent {
    const header: AgentSessionHeader = {
      type: 'session',
      version: 0,
      id: options.id ?? this.newId(),
      createdAt: this.clock(),
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      delegationDepth: 0,
    };
    const agent = new Agent({
      host: this,
      session: new AgentSessionLog(header, this.clock),
      config: { provider: options.provider, model: options.model, ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }) },
    });
    this.publish(agent);
    return agent;
  }

  /** Enters an agent into the registry; a second agent with the same id is rejected. */
  publish(agent: AgentHandle): void {
    if (this.#agents.has(agent.id)) throw new UsageError('host/duplicate-agent', `an agent with session id '${agent.id}' is already published`);
    this.#agents.set(agent.id, agent);
    for (const listener of this.#publishListeners) listener(agent);
  }

  /**
   * Observes every publication (DSH `agent/created`): top-level agents and children alike, one-shot
   * or continuable. Returns the unsubscriber.
   */
  onAgentPublished(listener: (agent: AgentHandle) => void): () => void {
    this.#publishListeners.add(listener);
    return () => this.#publishListeners.delete(listener);
  }

  /** Removes exactly this agent (a stale handle never removes a same-id replacement). */
  unpublish(agent: AgentHandle): void {
    if (this.#agents.get(agent.id) !== agent) return;
    this.#agents.delete(agent.id);
    for (const listener of this.#unpublishListeners) listener(agent);
  }

  /**
   * Observes every removal (an unload or a disposal): a settled parent still loaded for its
   * children's sake learns here that one of them left. Returns the unsubscriber.
   */
  onAgentUnpublished(listener: (agent: AgentHandle) => void): () => void {
    this.#unpublishListeners.add(listener);
    return () => this.#unpublishListeners.delete(listener);
  }

  /** How many removal observers are attached (a released agent must leave none behind). */
  get unpublishListenerCount(): number {
    return this.#unpublishListeners.size;
  }
}
