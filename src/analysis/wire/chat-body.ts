import type { MessagePart, RequestParts, SystemPart, ToolPart } from '../../prefix/index.js';
import { isJsonObject, type BodyLocation, type JsonObject } from './body-fields.js';
import { splitBreakpoint, splitMessageBreakpoints } from './cache-control.js';
import { wireMessagePart } from './message-part.js';

const CHAT_ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);
const HEAD_ROLES = new Set(['system', 'developer']);

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
    content.every((part) => isJsonObject(part) && part['type'] === 'text' && typeof part['text'] === 'string' && Object.keys(part).every((key) => key === 'type' || key === 'text' || key === 'cache_control'));
  if (textParts) {
    return (content as JsonObject[]).map((part, partIndex) => {
      const split = splitBreakpoint(part, location.at('content').at(partIndex));
      return { name: `${name}.content[${partIndex}]`, text: part['text'] as string, ...(split.cacheControl ? { meta: { cacheControl: split.cacheControl } } : {}) };
    });
  }
  const split = splitMessageBreakpoints(message, location);
  return [{ name, text: JSON.stringify(split.wire), ...(split.cacheControl ? { meta: { cacheControl: split.cacheControl } } : {}) }];
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
  const parts: MessagePart[] = messages.slice(headLength).map(({ message, role }, offset) => {
    const index = headLength + offset;
    return wireMessagePart(message, role, index, index === task, here.at(index));
  });
  return { system, tools: toolParts(body, location), messages: parts };
}
