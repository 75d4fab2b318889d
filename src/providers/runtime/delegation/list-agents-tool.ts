import type { ToolSchema } from '../../model/language-model.js';
import { schemaOf } from '../head/tool-order.js';
import type { AgentHandle, SubagentCatalogEntry, SubagentTreeEntry, ToolDefinition } from '../loop/agent-contract.js';
import { ToolCallFailure } from '../loop/tool-call-failure.js';

/** A listed child's status (DSH `list_agents`): working now, loaded between turns, or stored only. */
export type ListedAgentStatus = 'running' | 'idle' | 'ready';

/**
 * Status from the live registry, as DSH's tool refines it: a child absent from the registry exists
 * only in storage and is `ready` (resumable, not terminal), never a result to collect.
 */
export function listedStatus(entry: SubagentCatalogEntry, caller: AgentHandle): ListedAgentStatus {
  const live = caller.host.agents.get(entry.id);
  return live === undefined || live.status === 'disposed' ? 'ready' : live.status;
}

/**
 * One listing line. A direct child reads `<id> [ready] — <label>`, the line
 * subagent-list-agents/session.jsonl records. The `descendants` annotation (direct parent and
 * depth) is not recorded anywhere in the corpus; its wording here is ours.
 */
export function listingLine(entry: SubagentCatalogEntry | SubagentTreeEntry, status: ListedAgentStatus, scope: 'children' | 'descendants'): string {
  const line = `${entry.id} [${status}] — ${entry.label}`;
  return scope === 'descendants' && 'depth' in entry ? `${line} (parent ${entry.parentId}, depth ${entry.depth})` : line;
}

/** What an empty listing says (unrecorded in the corpus; our wording). */
export const NO_LISTED_AGENTS = 'No continuable background subagents.';

function scopeOf(args: unknown): 'children' | 'descendants' {
  const scope = (args as { scope?: unknown } | null)?.scope;
  if (scope === undefined || scope === 'children' || scope === 'descendants') return scope ?? 'children';
  throw new ToolCallFailure('tool/invalid-arguments', `invalid scope ${JSON.stringify(scope)}: expected "children" or "descendants"`);
}

/**
 * DSH's `list_agents` executor over the host's child catalog, presenting the given recorded schema:
 * only continuable children are listed (a one-shot child is still walked through for `descendants`),
 * in DSH's order — `children` by creation, `descendants` in stable pre-order.
 */
export function listAgentsTool(schema: ToolSchema): ToolDefinition {
  return {
    ...schemaOf(schema),
    async execute(args, execution) {
      const scope = scopeOf(args);
      const caller = execution.agent;
      const subagents = caller.host.subagents;
      const entries = scope === 'children' ? subagents.listChildren(caller.id) : subagents.listDescendants(caller.id);
      const lines = entries.filter((entry) => entry.mode === 'continuable').map((entry) => listingLine(entry, listedStatus(entry, caller), scope));
      return lines.length === 0 ? NO_LISTED_AGENTS : lines.join('\n');
    },
  };
}
