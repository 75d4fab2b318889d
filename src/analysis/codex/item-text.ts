import type { RolloutItem } from './rollout-file.js';

/*
 * What of a Responses API input item the model reads, as text: a message's text parts, a call's name
 * and arguments, a tool output. Reasoning items carry their thought encrypted (`encrypted_content`):
 * only their summary is text; their size is the reasoning the call that wrote them reported.
 */

/** How an item takes part in a request: what the model wrote (output of a call) or what it is given. */
export type ItemRole = 'output' | 'input';

/** Items a call writes: the model's reasoning, tool calls and assistant messages. */
const OUTPUT_TYPES: ReadonlySet<string> = new Set(['reasoning', 'function_call', 'custom_tool_call', 'local_shell_call', 'web_search_call', 'image_generation_call', 'tool_search_call', 'mcp_call', 'compaction']);

/** Items Codex keeps in its history but never sends (a ghost snapshot is its undo point, a git commit of the work tree). */
const UNSENT_TYPES: ReadonlySet<string> = new Set(['ghost_snapshot', 'other']);

/** Whether Codex sends this item to the model. */
export function isSentItem(item: RolloutItem): boolean {
  return !UNSENT_TYPES.has(item.type);
}

/** Whether the model wrote this item (a call's output) or it is given to the model. */
export function itemRole(item: RolloutItem): ItemRole {
  if (item.type === 'message') return item['role'] === 'assistant' ? 'output' : 'input';
  return OUTPUT_TYPES.has(item.type) ? 'output' : 'input';
}

/** The `call_id` an item answers or makes, when it has one. */
export function itemCallId(item: RolloutItem): string | undefined {
  const id = item['call_id'];
  return typeof id === 'string' ? id : undefined;
}

function partsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return value === undefined || value === null ? '' : JSON.stringify(value);
  return value
    .map((part) => {
      if (typeof part === 'string') return part;
      if (typeof part !== 'object' || part === null) return '';
      const record = part as Record<string, unknown>;
      if (typeof record['text'] === 'string') return record['text'];
      // An image or file part: its reference, as sent (its pixels are not in the rollout).
      return JSON.stringify(record);
    })
    .join('\n');
}

/** The item's text as the model reads it (what is tokenized), and a label for reports. */
export function itemText(item: RolloutItem): { readonly text: string; readonly name: string } {
  switch (item.type) {
    case 'message': {
      const role = typeof item['role'] === 'string' ? item['role'] : 'message';
      return { text: partsText(item['content']), name: `${role} message` };
    }
    case 'function_call':
    case 'custom_tool_call': {
      const name = typeof item['name'] === 'string' ? item['name'] : 'tool';
      const body = item.type === 'function_call' ? item['arguments'] : item['input'];
      return { text: `${name}\n${typeof body === 'string' ? body : JSON.stringify(body ?? null)}`, name: `call ${name}` };
    }
    case 'function_call_output':
    case 'custom_tool_call_output':
      return { text: partsText(item['output']), name: 'tool output' };
    case 'reasoning':
      return { text: partsText(item['summary']), name: 'reasoning' };
    default: {
      // Any other item (web search, local shell, compaction): its fields as sent, without its type;
      // encrypted content is no text the tokenizer can count (its size is estimated from its length).
      const { type: _type, id: _id, encrypted_content: _encrypted, ...rest } = item;
      return { text: Object.keys(rest).length === 0 ? '' : JSON.stringify(rest), name: item.type.replace(/_/g, ' ') };
    }
  }
}
