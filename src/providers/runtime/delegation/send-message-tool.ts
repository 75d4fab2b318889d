import type { ToolSchema } from '../../model/language-model.js';
import { schemaOf } from '../head/tool-order.js';
import type { ToolDefinition } from '../loop/tool-contract.js';
import { ToolCallFailure } from '../loop/tool-call-failure.js';

/** What a delivered message reads (subagent-continuable/session.jsonl). */
export function messageQueuedText(childId: string): string {
  return `message queued as the next turn for subagent ${childId}`;
}

/**
 * DSH's `send_message` executor over the given recorded schema: the calling agent's continuable
 * child gets the message as its next turn. A failure means the message was not delivered; an
 * unavailable child is logged with DSH's `SubagentError` / `NOT_RESUMABLE`.
 */
export function sendMessageTool(schema: ToolSchema): ToolDefinition {
  return {
    ...schemaOf(schema),
    async execute(args, execution) {
      const { subagent_id: childId, message } = (args ?? {}) as { subagent_id?: unknown; message?: unknown };
      if (typeof childId !== 'string' || childId === '') throw new ToolCallFailure('tool/invalid-arguments', 'invalid arguments: `subagent_id` must be a non-empty string');
      if (typeof message !== 'string') throw new ToolCallFailure('tool/invalid-arguments', 'invalid arguments: `message` must be a string');
      execution.subagents.followup(childId, [{ type: 'text', text: message }]);
      return messageQueuedText(childId);
    },
  };
}
