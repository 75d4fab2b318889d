import type { MessagePart, RequestParts, SystemPart, ToolPart } from '../../prefix/index.js';
import { isJsonObject, type BodyLocation, type JsonObject } from './body-fields.js';
import type { CacheControl } from './cache-control.js';

const HEAD_ROLES = new Set(['system', 'developer']);

/**
 * Takes OpenAI's explicit `prompt_cache_breakpoint` off an input content part (recorded in
 * pydantic-ai's test_openai_responses_prompt_cache_e2e cassette): like Anthropic's `cache_control`
 * it marks where the cache may be written, it is not prompt text, so it is kept as metadata.
 */
function splitPromptBreakpoint(part: JsonObject): { wire: JsonObject; cacheControl: CacheControl | undefined } {
  if (!('prompt_cache_breakpoint' in part)) return { wire: part, cacheControl: undefined };
  const { prompt_cache_breakpoint: raw, ...wire } = part;
  const mode = isJsonObject(raw) && typeof raw['mode'] === 'string' ? raw['mode'] : 'explicit';
  return { wire, cacheControl: { type: mode } };
}

/** An input item with every content part's breakpoint taken off; the item keeps the last one. */
function splitItem(item: JsonObject): { wire: JsonObject; cacheControl: CacheControl | undefined } {
  const content = item['content'];
  // An item with no breakpoint stays the object it was (see `splitMessageBreakpoints`).
  if (!Array.isArray(content) || !content.some((part) => isJsonObject(part) && 'prompt_cache_breakpoint' in part)) return { wire: item, cacheControl: undefined };
  let cacheControl: CacheControl | undefined;
  const parts = content.map((part: unknown) => {
    if (!isJsonObject(part)) return part;
    const split = splitPromptBreakpoint(part);
    cacheControl = split.cacheControl ?? cacheControl;
    return split.wire;
  });
  return { wire: { ...item, content: parts }, cacheControl };
}

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
 * Explicit `prompt_cache_breakpoint`s are taken off the bytes and kept as segment metadata.
 */
export function readResponsesBody(body: JsonObject, location: BodyLocation): RequestParts {
  const here = location.at('input');
  const input = body['input'];
  const system = instructionParts(body, location);
  if (typeof input === 'string') {
    return { system, tools: toolParts(body, location), messages: [{ name: 'input:user', role: 'user', wire: { role: 'user', content: input }, kind: 'task' }] };
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
    const split = splitItem(item);
    const text = plainText(split.wire);
    system.push({ name: `input[${index}]`, text: text ?? JSON.stringify(split.wire), ...(split.cacheControl ? { meta: { cacheControl: split.cacheControl } } : {}) });
  }
  const messages: MessagePart[] = items.slice(headLength).map(({ item, role }, offset) => {
    const index = headLength + offset;
    const split = splitItem(item);
    return {
      name: `input[${index}]:${role}`,
      role,
      wire: split.wire,
      kind: index === task ? 'task' : 'message',
      ...(split.cacheControl ? { meta: { cacheControl: split.cacheControl } } : {}),
    };
  });
  return { system, tools: toolParts(body, location), messages };
}
