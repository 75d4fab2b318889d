import { completedTurnPrefix } from '../../session/index.js';
import { startInProcessRun } from './in-process-driver.js';
import { sessionEntries } from '../log/session-entries.js';
import type { RecordedEvent } from '../log/session-log.js';
import type { AgentHandle, SubagentProvider } from '../loop/agent-contract.js';
import type { SubagentCapabilities } from '../loop/subagent-contract.js';

/** Config of an in-process provider (DSH: `providerName`, the registry name). */
export interface InProcessProviderConfig {
  readonly providerName?: string;
}

/**
 * What both in-process providers advertise: they control the child's creation window, so they can
 * enforce all four start-time features (spawn and fork READMEs, "Capabilities").
 */
export const IN_PROCESS_CAPABILITIES: SubagentCapabilities = Object.freeze({ outputSchema: true, depthLimit: true, toolFilter: true, persona: true });

/**
 * The parent's completed-turn prefix, as a fork child is seeded with it: the contiguous prefix
 * through the last `turn/end`, excluding the in-flight turn (whose fork call has no result yet). The
 * events are the parent's own, copied verbatim by the child's log; a snapshot, never a live view.
 */
export function forkSeedOf(parent: AgentHandle): RecordedEvent[] {
  const seed = completedTurnPrefix(sessionEntries(parent.session), { source: `session ${parent.id}` });
  return parent.session.events.slice(0, seed.seedLength);
}

/**
 * The spawn provider (DSH `dsh-subagent-spawn-in-process`): a fresh child with an empty
 * conversation, through the shared driver with no seed.
 */
export function createSpawnProvider(config: InProcessProviderConfig = {}): SubagentProvider {
  const name = config.providerName ?? 'spawn';
  return {
    name,
    capabilities: IN_PROCESS_CAPABILITIES,
    inheritsParentContext: false,
    start: (request) => startInProcessRun(request, { providerName: name }),
    prepareContinuable: () => ({}),
  };
}

/**
 * The fork provider (DSH `dsh-subagent-fork-in-process`): the same driver, seeded with the parent's
 * completed turns. `prepareContinuable` stays implemented — no shipped composition calls it, because
 * a continuable child's `report` deltas precede the inherited history — and captures its seed once,
 * when it is called.
 */
export function createForkProvider(config: InProcessProviderConfig = {}): SubagentProvider {
  const name = config.providerName ?? 'fork';
  return {
    name,
    capabilities: IN_PROCESS_CAPABILITIES,
    inheritsParentContext: true,
    start: (request) => startInProcessRun(request, { providerName: name, seed: forkSeedOf(request.parent) }),
    // TODO(fork-continuable-prefix-reuse), as in DSH: reopen continuable fork once the child head can equal the parent's.
    prepareContinuable: (request) => ({ seed: forkSeedOf(request.parent) }),
  };
}
