import type { MessagePart, RequestParts, SystemPart, ToolPart } from '../../prefix/index.js';
import { isJsonObject, type BodyLocation, type JsonObject } from '../wire/body-fields.js';
import { splitBreakpoint, splitMessageBreakpoints } from '../wire/cache-control.js';
import { wireMessagePart } from '../wire/message-part.js';
import { cachesAtBreakpoints } from './breakpoint-rules.js';
import { hasContentBreakpoint, markOpenAIBreakpoints, splitAtContentBreakpoints, splitPromptBreakpoint } from './body-breakpoints.js';

const CHAT_ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);
const HEAD_ROLES = new Set(['system', 'developer']);
// Where OpenAI's implicit breakpoint goes: "the latest user or tool message" (prompt caching guide).
const USER_OR_TOOL_ROLES = new Set(['user', 'tool', 'function']);
const TEXT_PART_KEYS = new Set(['type', 'text', 'cache_control', 'prompt_cache_breakpoint']);

/**
 * The system parts of one leading system/developer message. Plain text (a string, or text parts
 * only) is read as the prompt text it is; anything else about the message (a `name`, a non-text
 * part, a vendor field on a part) is kept by rendering the whole wire message, never dropped.
 */
function systemParts(message: JsonObject, index: number, location: BodyLocation): SystemPart[] {
  const name = `system[${index}]`;
  const content = message['content'];
  const onlyRoleAndContent = Object.keys(message).every((key) => key === 'role' || key === 'content');
  if (onlyRoleAndContent && typeof content === 'string') return [{ name, text: content }];
  const textParts =
    onlyRoleAndContent &&
    Array.isArray(content) &&
    content.length > 0 &&
    content.every((part) => isJsonObject(part) && part['type'] === 'text' && typeof part['text'] === 'string' && Object.keys(part).every((key) => TEXT_PART_KEYS.has(key)));
  if (textParts) {
    return (content as JsonObject[]).map((part, partIndex) => {
      const at = location.at('content').at(partIndex);
      const cacheControl = splitBreakpoint(part, at).cacheControl ?? splitPromptBreakpoint(part, at).cacheControl;
      return { name: `${name}.content[${partIndex}]`, text: part['text'] as string, ...(cacheControl ? { meta: { cacheControl } } : {}) };
    });
  }
  return splitAtContentBreakpoints(message, location).map((piece) => {
    const split = splitMessageBreakpoints(piece.wire, location);
    const cacheControl = split.cacheControl ?? piece.cacheControl;
    return { name: piece.firstPart === 0 ? name : `${name}.content[${piece.firstPart}]`, text: JSON.stringify(split.wire), ...(cacheControl ? { meta: { cacheControl } } : {}) };
  });
}

function toolName(tool: JsonObject, location: BodyLocation): string {
  const inner = tool['function'] ?? tool['custom'];
  const name = isJsonObject(inner) ? inner['name'] : tool['name'];
  // The name's location is made only to say what is wrong with it: a body holds a hundred tools.
  if (typeof name === 'string') return name;
  if (isJsonObject(inner)) return location.at(tool['function'] !== undefined ? 'function' : 'custom').at('name').string(name);
  return location.at('name').string(name);
}

function toolParts(body: JsonObject, location: BodyLocation): ToolPart[] {
  // `functions` is the pre-tools form of the same thing; a body carries one or the other.
  const key = body['tools'] === undefined && body['functions'] !== undefined ? 'functions' : 'tools';
  if (body[key] === undefined || body[key] === null) return [];
  const here = location.at(key);
  return here.array(body[key]).map((value, index) => {
    const at = here.at(index);
    const tool = at.object(value);
    const split = splitBreakpoint(tool, at);
    return { name: toolName(tool, at), schema: split.wire, ...(split.cacheControl ? { meta: { cacheControl: split.cacheControl } } : {}) };
  });
}

/**
 * Reads an OpenAI chat completions body (and DeepSeek's, which is the same plus `reasoning_content`
 * on assistant messages, kept as it is) into request parts:
 *
 * - the leading system/developer messages are the system prompt, one part per message (or per text
 *   part); a system message later in the conversation stays a message where it is;
 * - tools keep their wire order;
 * - every other message is one message part, named `message[i]:role` after its index in `messages`;
 *   the last `user` message is the task.
 */
export function readChatBody(body: JsonObject, location: BodyLocation): RequestParts {
  const here = location.at('messages');
  const messages = here.array(body['messages']).map((value, index) => {
    const message = here.at(index).object(value);
    const role = message['role'];
    // The role's location is made only to say what is wrong with it: a conversation holds hundreds of messages.
    if (typeof role !== 'string' || !CHAT_ROLES.has(role)) {
      const at = here.at(index).at('role');
      throw at.error(`is '${at.string(role)}', not a chat completions role (${[...CHAT_ROLES].join(', ')})`);
    }
    return { message, role };
  });
  let headLength = 0;
  while (headLength < messages.length && HEAD_ROLES.has(messages[headLength]!.role)) headLength++;
  let task = -1;
  for (let index = messages.length - 1; index >= headLength && task < 0; index--) if (messages[index]!.role === 'user') task = index;
  // A host may append context right after the task (DSH's runtime-context snapshot is a second user
  // message): the task is the first message of that final run of user messages.
  while (task > headLength && messages[task - 1]!.role === 'user') task--;

  const system = messages.slice(0, headLength).flatMap(({ message }, index) => systemParts(message, index, here.at(index)));
  const parts: MessagePart[] = [];
  for (let index = headLength; index < messages.length; index++) {
    const { message, role } = messages[index]!;
    const at = here.at(index);
    if (!hasContentBreakpoint(message)) {
      parts.push(wireMessagePart(message, role, index, index === task, at));
      continue;
    }
    for (const piece of splitAtContentBreakpoints(message, at)) {
      const part = wireMessagePart(piece.wire, role, index, index === task, at);
      const named = piece.firstPart === 0 ? part : { ...part, name: `${part.name}.content[${piece.firstPart}]` };
      parts.push(piece.cacheControl && !named.meta?.cacheControl ? { ...named, meta: { ...named.meta, cacheControl: piece.cacheControl } } : named);
    }
  }
  const tools = toolParts(body, location);
  if (!cachesAtBreakpoints(body['model'] as string)) return { system, tools, messages: parts };
  // Tools carry no `prompt_cache_breakpoint`; a gateway's `cache_control` on one marks the head like a system part.
  const marked = markOpenAIBreakpoints(body, location, [...system, ...tools], parts, (message) => USER_OR_TOOL_ROLES.has(message.role));
  return { system: marked.head.slice(0, system.length) as SystemPart[], tools: marked.head.slice(system.length) as ToolPart[], messages: marked.messages };
}
