import type { MessagePart, RequestParts, SystemPart, ToolPart } from '../../prefix/index.js';
import { isJsonObject, type BodyLocation, type JsonObject } from '../wire/body-fields.js';
import { markOpenAIBreakpoints, splitAtContentBreakpoints } from './body-breakpoints.js';

const HEAD_ROLES = new Set(['system', 'developer']);

/** The text of a system/developer item that is only text (a string, or `input_text` parts), else undefined. */
function plainText(item: JsonObject): string | undefined {
  if (!Object.keys(item).every((key) => key === 'role' || key === 'content' || key === 'type')) return undefined;
  if (item['type'] !== undefined && item['type'] !== 'message') return undefined;
  const content = item['content'];
  if (typeof content === 'string') return content;
  if (!Array.isArray(content) || content.length === 0) return undefined;
  if (!content.every((part) => isJsonObject(part) && part['type'] === 'input_text' && typeof part['text'] === 'string')) return undefined;
  return (content as JsonObject[]).map((part) => part['text'] as string).join('');
}

function instructionParts(body: JsonObject, location: BodyLocation): SystemPart[] {
  const instructions = body['instructions'];
  if (instructions === undefined || instructions === null) return [];
  if (typeof instructions === 'string') return [{ name: 'instructions', text: instructions }];
  // `instructions` may also be a list of input items: kept whole, never dropped.
  return [{ name: 'instructions', text: JSON.stringify(location.at('instructions').array(instructions)) }];
}

function toolParts(body: JsonObject, location: BodyLocation): ToolPart[] {
  if (body['tools'] === undefined || body['tools'] === null) return [];
  const here = location.at('tools');
  return here.array(body['tools']).map((value, index) => {
    const tool = here.at(index).object(value);
    // Built-in tools (`web_search`, `tool_search`, `file_search`) have no name: their type names them.
    const name = typeof tool['name'] === 'string' ? tool['name'] : here.at(index).at('type').string(tool['type']);
    return { name, schema: tool };
  });
}

/** The role an input item plays: a message's `role`, else its `type` (`function_call`, `function_call_output`, `reasoning`…). */
function itemRole(item: JsonObject, location: BodyLocation): string {
  if (typeof item['role'] === 'string') return item['role'];
  return location.at('type').string(item['type']);
}

/** A user message the user wrote (not a tool output, which has no role). */
const isUserWritten = (item: { role: string }): boolean => item.role === 'user';

/** Where OpenAI's implicit breakpoint goes, "the latest user or tool message" (prompt caching guide): a user message or a tool's output item (`function_call_output`, `custom_tool_call_output`…). */
const isUserOrTool = (part: MessagePart): boolean => part.role === 'user' || part.role.endsWith('_call_output');

/**
 * Reads an OpenAI Responses API body (`POST /v1/responses`) into request parts:
 *
 * - `instructions` is the system prompt, and so is each leading `system`/`developer` input item
 *   (as text when it is only text, else as its JSON);
 * - tools keep their wire order, named by `name` (a built-in tool by its `type`);
 * - `input` as a string is one user message; as a list, every other item is one message part named
 *   `input[i]:role` (items without a role, such as `function_call`, by their type). The last run of
 *   user messages opens with the task.
 *
 * Explicit `prompt_cache_breakpoint`s are taken off the bytes and kept as segment metadata; for
 * models that cache at breakpoints, the ones the API writes are marked (`markOpenAIBreakpoints`).
 */
export function readResponsesBody(body: JsonObject, location: BodyLocation): RequestParts {
  const here = location.at('input');
  const input = body['input'];
  const system = instructionParts(body, location);
  if (typeof input === 'string') {
    const marked = markOpenAIBreakpoints(body, location, system, [{ name: 'input:user', role: 'user', wire: { role: 'user', content: input }, kind: 'task' } satisfies MessagePart], isUserOrTool);
    return { system: marked.head, tools: toolParts(body, location), messages: marked.messages };
  }
  const items = here.array(input).map((value, index) => {
    const item = here.at(index).object(value);
    return { item, role: itemRole(item, here.at(index)) };
  });
  let headLength = 0;
  while (headLength < items.length && HEAD_ROLES.has(items[headLength]!.role)) headLength++;
  let task = -1;
  for (let index = items.length - 1; index >= headLength && task < 0; index--) if (isUserWritten(items[index]!)) task = index;
  while (task > headLength && isUserWritten(items[task - 1]!)) task--;
  for (const [index, { item }] of items.slice(0, headLength).entries()) {
    for (const piece of splitAtContentBreakpoints(item, here.at(index))) {
      const text = plainText(piece.wire);
      const name = piece.firstPart === 0 ? `input[${index}]` : `input[${index}].content[${piece.firstPart}]`;
      system.push({ name, text: text ?? JSON.stringify(piece.wire), ...(piece.cacheControl ? { meta: { cacheControl: piece.cacheControl } } : {}) });
    }
  }
  const messages: MessagePart[] = items.slice(headLength).flatMap(({ item, role }, offset) => {
    const index = headLength + offset;
    return splitAtContentBreakpoints(item, here.at(index)).map((piece) => ({
      name: piece.firstPart === 0 ? `input[${index}]:${role}` : `input[${index}]:${role}.content[${piece.firstPart}]`,
      role,
      wire: piece.wire,
      kind: index === task ? 'task' : 'message',
      ...(piece.cacheControl ? { meta: { cacheControl: piece.cacheControl } } : {}),
    }));
  });
  const marked = markOpenAIBreakpoints(body, location, system, messages, isUserOrTool);
  return { system: marked.head, tools: toolParts(body, location), messages: marked.messages };
}
