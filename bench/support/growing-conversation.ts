import type { Tokenizer } from '../../src/prefix/index.js';
import { buildLargeRequestPair } from './large-request.js';

/*
 * A conversation of real text that grows by one message per request, as a host sends it: the
 * history of `large-request.ts` (Claude Code prompt sections, OpenHands and GitHub MCP tools, agent
 * trajectories), cut into its last `requests` prefixes. As chat completions bodies, or as Anthropic
 * messages bodies whose one `cache_control` breakpoint moves to the newest message each request (so
 * the message before it changes too), the way hosts place it.
 */

const CHAT_PART_TYPES = new Set(['text', 'image_url', 'input_audio', 'file']);

/**
 * A history message as a chat completions message. The corpus history ends with a Claude Code
 * session in Anthropic's shape (`tool_use` / `tool_result` blocks); a chat body cannot hold those
 * blocks, so such a message keeps its real text as its content, as JSON.
 */
function asChatMessage(wire: unknown): { role: string; content?: unknown } {
  const message = wire as { role: string; content?: unknown };
  const content = message.content;
  if (!Array.isArray(content) || content.every((part) => typeof part === 'object' && part !== null && CHAT_PART_TYPES.has((part as { type?: string }).type ?? ''))) return message;
  return { role: message.role === 'assistant' ? 'assistant' : 'user', content: JSON.stringify(content) };
}

/** A chat message as an Anthropic text message: its text as the model reads it (other fields kept as JSON text). */
function asAnthropicMessage(message: { role: string; content?: unknown }, breakpoint: boolean): object {
  const { role, content, ...rest } = message;
  const text = typeof content === 'string' && Object.keys(rest).length === 0 ? content : JSON.stringify({ content, ...rest });
  return { role: role === 'assistant' ? 'assistant' : 'user', content: [{ type: 'text', text: text || ' ', ...(breakpoint ? { cache_control: { type: 'ephemeral' } } : {}) }] };
}

/** The bodies (objects: each call stringifies its own, as an SDK does) and the history's approximate size. */
export function growingConversation(tokenizer: Tokenizer, shape: 'chat' | 'anthropic', requests: number, targetTokens?: number): { bodies: object[]; approximateTokens: number } {
  const { parent, approximateTokens } = buildLargeRequestPair(tokenizer, targetTokens);
  const messages = parent.messages.map((message) => asChatMessage(message.wire));
  const system = parent.system.map((part) => part.text);
  const tools = parent.tools.map((tool) => tool.schema as { function: { name: string; description?: string; parameters?: unknown } });
  if (messages.length < requests) throw new Error(`a ${targetTokens ?? 'default'}-token history holds ${messages.length} messages, fewer than the ${requests} requests asked for`);
  const bodies: object[] = [];
  for (let count = messages.length - requests + 1; count <= messages.length; count++) {
    const history = messages.slice(0, count);
    if (shape === 'chat') {
      bodies.push({ model: 'gpt-4o', messages: [{ role: 'system', content: system.join('\n\n') }, ...history], tools, stream: false });
      continue;
    }
    bodies.push({
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      system: system.map((text, index) => ({ type: 'text', text, ...(index === system.length - 1 ? { cache_control: { type: 'ephemeral' } } : {}) })),
      tools: tools.map(({ function: tool }) => ({ name: tool.name, description: tool.description ?? '', input_schema: tool.parameters ?? { type: 'object' } })),
      messages: history.map((message, index) => asAnthropicMessage(message, index === history.length - 1)),
    });
  }
  return { bodies, approximateTokens };
}
