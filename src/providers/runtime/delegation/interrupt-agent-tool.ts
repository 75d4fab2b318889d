import type { ToolSchema } from '../../model/language-model.js';
import { schemaOf } from '../head/tool-order.js';
import type { ToolDefinition } from '../loop/tool-contract.js';
import type { InterruptOutcome } from '../loop/subagent-contract.js';
import { ToolCallFailure } from '../loop/tool-call-failure.js';

/**
 * What an accepted interrupt reads. DSH's canonical output is `{ accepted: boolean }` (the
 * ToolOutputMap pinned in advanced-toolchain/system-prompt.expected.md) and no recording shows the
 * model-facing text, so both lines are our wording: they say the stop is requested, not observed,
 * as the schema's description promises.
 */
export function interruptText(agentId: string, outcome: InterruptOutcome): string {
  return outcome === 'requested' ? `interrupt requested for subagent ${agentId}: its current turn stops; it stays available for follow-ups` : `subagent ${agentId} is not running a turn: nothing to interrupt`;
}

/**
 * DSH's `interrupt_agent` executor over the given recorded schema: stops the current turn of a
 * continuable agent the caller started, directly or below one of its children. Returns once the
 * stop is requested; an unknown id, the caller itself or an agent outside its subtree is an error.
 */
export function interruptAgentTool(schema: ToolSchema): ToolDefinition {
  return {
    ...schemaOf(schema),
    async execute(args, execution) {
      const agentId = (args as { agent_id?: unknown } | null)?.agent_id;
      if (typeof agentId !== 'string' || agentId === '') throw new ToolCallFailure('tool/invalid-arguments', 'invalid arguments: `agent_id` must be a non-empty string');
      return interruptText(agentId, execution.subagents.interrupt(agentId));
    },
  };
}
