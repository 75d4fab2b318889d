import type { ContentBlock, MessageSource } from '../../model/content.js';
import type { AgentHandle, JobService, SubagentCatalogEntry, SubagentService } from './agent-contract.js';
import type { DelegatedChild, DelegatedRun, ToolExecution, ToolJobs, ToolSubagents } from './tool-contract.js';
import type { ListedSubagent } from './subagent-contract.js';

/** What the loop knows of one call besides the agent. */
export interface CallFacts {
  readonly callId: string;
  readonly signal: AbortSignal;
  readonly concludeTurn: () => void;
  /** Queues a message for the agent's next step, injected once the call's result is logged. */
  readonly addAfterResult: (content: readonly ContentBlock[], source: MessageSource) => void;
}

/** True when a live agent owns the caller: its direct parent is the very agent the registry holds. */
function ownedByLiveAgent(agent: AgentHandle): boolean {
  const parent = agent.parent;
  return parent !== undefined && parent.status !== 'disposed' && agent.host.agents.get(parent.id) === parent;
}

/**
 * A catalog entry as a tool sees it. Status comes from the live registry, as DSH's `list_agents`
 * refines it: a child absent from the registry exists only in storage and is `ready` (resumable,
 * not terminal), never a result to collect.
 */
function listed(agent: AgentHandle, entry: SubagentCatalogEntry, depth: number): ListedSubagent {
  const live = agent.host.agents.get(entry.id);
  const status = live === undefined || live.status === 'disposed' ? 'ready' : live.status;
  return Object.freeze({ id: entry.id, parentId: entry.parentId, mode: entry.mode, label: entry.label, depth, status });
}

/*
 * Every capability below is a closure over the agent or the host service, and every object is
 * frozen: the facade's own properties hold only strings, the signal and these functions, so walking
 * it (or casting it) never reaches the agent, its parent, its host or the provider registry.
 */

function toolSubagents(parent: AgentHandle, service: SubagentService): ToolSubagents {
  return Object.freeze({
    start: async (provider, request): Promise<DelegatedRun> => {
      const run = await service.start(provider, { ...request, parent });
      return Object.freeze({ id: run.id, result: run.result, dispose: () => run.dispose() });
    },
    startContinuable: async (provider, request): Promise<DelegatedChild> => {
      const child = await service.startContinuable(provider, { ...request, parent });
      return Object.freeze({ childId: child.childId, messageId: child.messageId, settled: child.settled, send: (content: readonly ContentBlock[]) => child.send(content), dispose: () => child.dispose() });
    },
    listChildren: () => Object.freeze(service.listChildren(parent.id).map((entry) => listed(parent, entry, 1))),
    listDescendants: () => Object.freeze(service.listDescendants(parent.id).map((entry) => listed(parent, entry, entry.depth))),
    followup: (childId, content) => service.followup(parent, childId, content),
    interrupt: (targetId) => service.interrupt(parent, targetId),
  } satisfies ToolSubagents);
}

function toolJobs(owner: AgentHandle, service: JobService): ToolJobs {
  return Object.freeze({
    start: (spec) => service.start({ ...spec, owner }),
    list: () => service.list(owner),
    get: (id) => service.get(id, owner),
    read: (id) => service.read(id, owner),
    kill: (id, reason) => service.kill(id, owner, reason),
    wait: (id, timeoutMs, signal) => service.wait(id, timeoutMs, owner, signal),
  } satisfies ToolJobs);
}

/** The frozen capability facade one call's tool body receives, scoped to the calling agent. */
export function toolExecution(agent: AgentHandle, call: CallFacts): ToolExecution {
  const jobs = agent.host.jobs;
  const conclude = call.concludeTurn;
  const addAfterResult = call.addAfterResult;
  return Object.freeze({
    agentId: agent.id,
    cwd: agent.cwd,
    callId: call.callId,
    signal: call.signal,
    concludeTurn: () => conclude(),
    addAfterResult: (content: readonly ContentBlock[], source: MessageSource) => addAfterResult(content, source),
    ownedByLiveAgent: ownedByLiveAgent(agent),
    subagents: toolSubagents(agent, agent.host.subagents),
    jobs: jobs === undefined ? undefined : toolJobs(agent, jobs),
  });
}
