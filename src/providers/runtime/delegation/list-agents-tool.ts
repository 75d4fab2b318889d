import type { ToolSchema } from '../../model/language-model.js';
import { schemaOf } from '../head/tool-order.js';
import type { ToolDefinition } from '../loop/tool-contract.js';
import type { ListedSubagent } from '../loop/subagent-contract.js';
import { ToolCallFailure } from '../loop/tool-call-failure.js';

/**
 * One listing line. A direct child reads `<id> [ready] — <label>`, the line
 * subagent-list-agents/session.jsonl records. The `descendants` annotation (direct parent and
 * depth) is not recorded anywhere in the corpus; its wording here is ours.
 */
export function listingLine(entry: ListedSubagent, scope: 'children' | 'descendants'): string {
  const line = `${entry.id} [${entry.status}] — ${entry.label}`;
  return scope === 'descendants' ? `${line} (parent ${entry.parentId}, depth ${entry.depth})` : line;
}

/** What an empty listing says (unrecorded in the corpus; our wording). */
export const NO_LISTED_AGENTS = 'No continuable background subagents.';

function scopeOf(args: unknown): 'children' | 'descendants' {
  const scope = (args as { scope?: unknown } | null)?.scope;
  if (scope === undefined || scope === 'children' || scope === 'descendants') return scope ?? 'children';
  throw new ToolCallFailure('tool/invalid-arguments', `invalid scope ${JSON.stringify(scope)}: expected "children" or "descendants"`);
}

/**
 * DSH's `list_agents` executor over the caller's child catalog, presenting the given recorded
 * schema: only continuable children are listed (a one-shot child is still walked through for
 * `descendants`), in DSH's order — `children` by creation, `descendants` in stable pre-order — each
 * with its status from the live registry (`running`, `idle`, or `ready` when only stored).
 */
export function listAgentsTool(schema: ToolSchema): ToolDefinition {
  return {
    ...schemaOf(schema),
    async execute(args, execution) {
      const scope = scopeOf(args);
      const entries = scope === 'children' ? execution.subagents.listChildren() : execution.subagents.listDescendants();
      const lines = entries.filter((entry) => entry.mode === 'continuable').map((entry) => listingLine(entry, scope));
      return lines.length === 0 ? NO_LISTED_AGENTS : lines.join('\n');
    },
  };
}
