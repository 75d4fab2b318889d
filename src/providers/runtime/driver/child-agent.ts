import { Agent } from '../loop/agent.js';
import { childDepth } from './delegation-depth.js';
import { latestData } from '../log/log-folds.js';
import { AgentSessionLog, type RecordedEvent, type AgentSessionHeader } from '../log/session-log.js';
import { checkChildScope, installChildScope } from './child-scope.js';
import type { StructuredRuntime } from './structured-output.js';
import { SubagentError } from './subagent-error.js';
import type { SubagentStartRequest } from '../loop/agent-contract.js';

/** What a child is created for. */
export interface ChildSetup {
  readonly request: SubagentStartRequest;
  /** The provider name recorded in the child's descriptor. */
  readonly providerName: string;
  /** Fork: the parent's completed-turn prefix; spawn: empty. */
  readonly seed: readonly RecordedEvent[];
  readonly mode: 'one-shot' | 'continuable';
}

/** An unpublished child and what its result reader needs. */
export interface PreparedChild {
  readonly agent: Agent;
  readonly structured: StructuredRuntime | undefined;
}

/**
 * DSH's message for a one-shot start whose signal is already aborted when the driver is called
 * (subagent-in-process-driver `prePublicationAbort`); the parent reads it after `Error: `.
 */
export const PRE_PUBLICATION_ABORT_MESSAGE = 'subagent request was aborted before child publication';

/** The rejection of a one-shot start whose signal was aborted before the driver began. */
export function prePublicationAbort(): SubagentError {
  return new SubagentError('subagent/aborted', PRE_PUBLICATION_ABORT_MESSAGE);
}

/**
 * The rejection of a start aborted while its child was being created (DSH's agent-creation
 * transaction, `signalAbortError`): an `Error` reason passes through by its message, any other
 * reason becomes `agent "<id>" creation aborted`.
 */
export function creationAborted(childId: string, signal: AbortSignal): SubagentError {
  const reason: unknown = signal.reason;
  return new SubagentError('subagent/aborted', reason instanceof Error ? reason.message : `agent "${childId}" creation aborted`, { cause: reason });
}

/**
 * The error a cancelled continuable start rejects with: the abort reason itself, as DSH's
 * continuation manager throws it (`signal.throwIfAborted()`), read by its message after `Error: `.
 */
export function abortedStart(signal: AbortSignal): SubagentError {
  const reason: unknown = signal.reason;
  const message = reason instanceof Error ? reason.message : reason === undefined ? 'subagent start was aborted' : String(reason);
  return new SubagentError('subagent/aborted', message, { cause: reason });
}

function descriptor(setup: ChildSetup, agent: Agent): Record<string, unknown> {
  const { request } = setup;
  if (setup.mode === 'one-shot') return { version: 2, mode: 'one-shot', provider: setup.providerName, ...(request.label === undefined ? {} : { label: request.label }) };
  return {
    version: 2,
    mode: 'continuable',
    provider: setup.providerName,
    label: request.label ?? '',
    agentProvider: agent.config.provider,
    agentModel: agent.config.model,
    ...(request.persona === undefined ? {} : { persona: request.persona }),
    ...(request.toolFilter === undefined ? {} : { toolFilter: request.toolFilter }),
  };
}

/**
 * Creates a child in its unpublished window, as DSH's driver does (subagent-in-process-driver
 * README, "Start contract"): depth checked and persisted, the seed copied verbatim before
 * `session/end-seed`, a fresh scope installed by `installChildScope` (persona shadow, tool
 * restriction, structured-output runtime, the report channel of a continuable child, the delegated
 * contexts), the delegated sandbox override and approval policy after the seed, and
 * the descriptor (inside the first turn for one-shot runs, before `session/end-seed` for continuable
 * ones, as `subagent-fork-in-process` and `subagent-report` record them). Every check that can fail
 * runs before the child exists; nothing here publishes it.
 */
export function prepareChild(setup: ChildSetup): PreparedChild {
  const { request } = setup;
  const parent = request.parent;
  const host = parent.host;
  const depth = childDepth(parent.delegationDepth, request.maxDepth);
  const scope = checkChildScope(host.composition, { mode: setup.mode, persona: request.persona, toolFilter: request.toolFilter, outputSchema: request.outputSchema });
  if (request.agentOptions?.maxTokens !== undefined && !(Number.isSafeInteger(request.agentOptions.maxTokens) && request.agentOptions.maxTokens > 0)) {
    throw new SubagentError('subagent/bad-max-tokens', `agentOptions.maxTokens must be a positive integer, got ${String(request.agentOptions.maxTokens)}`);
  }
  if (request.signal.aborted) throw abortedStart(request.signal);

  const header: AgentSessionHeader = {
    type: 'session',
    version: 0,
    id: host.newId(),
    createdAt: host.clock(),
    ...(parent.cwd === undefined ? {} : { cwd: parent.cwd }),
    parentSession: parent.id,
    ...(setup.seed.length > 0 ? { seedLength: setup.seed.length } : {}),
    origin: 'subagent',
    delegationDepth: depth,
  };
  const session = new AgentSessionLog(header, host.clock);
  const inherited = parent.config;
  const options = request.agentOptions ?? {};
  const maxTokens = options.maxTokens ?? inherited.maxTokens;
  const agent = new Agent({
    host,
    session,
    parent,
    config: { provider: options.provider ?? inherited.provider, model: options.model ?? inherited.model, ...(maxTokens === undefined ? {} : { maxTokens }) },
  });

  session.appendSeed(setup.seed);
  if (setup.mode === 'continuable') session.append('subagent/descriptor', descriptor(setup, agent));
  if (setup.seed.length > 0 || setup.mode === 'continuable') session.append('session/end-seed', {});

  const structured = installChildScope(agent.scope, host.composition, scope, agent);
  // Fresh policy after any seed, so stale seeded state never wins (subagent README, "Delegated
  // policy"): the parent's explicit sandbox override, then the approval policy pinned to `never`
  // (the child's scope carries the matching context text in place of the parent's).
  const sandboxOverride = latestData<{ mode?: unknown }>(parent.session.events, 'sandbox/mode');
  if (typeof sandboxOverride?.mode === 'string') session.append('sandbox/mode', { mode: sandboxOverride.mode, source: 'delegation' });
  if (host.composition.approvalComposed) session.append('approval/policy', { policy: 'never', source: 'delegation' });
  if (setup.mode === 'one-shot') agent.onNextTurnStart(() => session.append('subagent/descriptor', descriptor(setup, agent)));
  return { agent, structured };
}
