import type { AgentHandle } from '../loop/agent-contract.js';
import type { SubagentCatalog } from './subagent-catalog.js';
import { SubagentError, UNAUTHORIZED } from './subagent-error.js';

/**
 * Who may interrupt whom (DSH `interrupt`, ancestor authority): any live ancestor may stop a
 * continuable descendant's turn, because stopping is idempotent and delivers no content — wider
 * than `send_message`, which only the direct parent may use. Returns the target agent or throws
 * the message the caller's model reads.
 *
 * DSH accepts an id it holds no live Activation for as a no-op; we reject an id the host never
 * started, so a mistyped id is not mistaken for a finished agent. The messages are our wording
 * (the corpus records none); the ancestor rejection carries DSH's `UNAUTHORIZED` code.
 */
export function interruptTarget(catalog: SubagentCatalog, caller: AgentHandle, targetId: string, target: AgentHandle | undefined): AgentHandle {
  if (targetId === caller.id) throw new SubagentError('subagent/self-interrupt', `agent "${targetId}" is you: an agent cannot interrupt its own turn`, { identity: UNAUTHORIZED });
  const entry = catalog.get(targetId);
  if (entry === undefined) throw new SubagentError('subagent/unknown', `no subagent with id "${targetId}": list_agents with scope descendants shows the agents you can interrupt`);
  if (!isBelow(catalog, targetId, caller.id)) {
    throw new SubagentError('subagent/unauthorized', `subagent "${targetId}" was not started by you or by an agent below you: you may interrupt only your own children and their descendants`, {
      identity: UNAUTHORIZED,
    });
  }
  if (entry.mode !== 'continuable' || target === undefined) {
    throw new SubagentError('subagent/not-continuable', `subagent "${targetId}" is a one-shot subagent, not a continuable one: stop background one-shot work with job_kill`);
  }
  return target;
}

/** True when `ancestorId` appears on the durable parent chain above `id`. */
function isBelow(catalog: SubagentCatalog, id: string, ancestorId: string): boolean {
  for (let entry = catalog.get(id); entry !== undefined; entry = catalog.get(entry.parentId)) if (entry.parentId === ancestorId) return true;
  return false;
}
