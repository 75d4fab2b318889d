import type { MessagePart, RenderReuse, RequestParts, SystemPart, ToolPart } from '../../prefix/index.js';
import { isJsonObject, type BodyLocation, type JsonObject } from '../wire/body-fields.js';
import { splitBreakpoint } from '../wire/cache-control.js';
import { anthropicMessagePart } from './anthropic-message.js';
import { anthropicSettings } from './anthropic-settings.js';

// `system` inside `messages` is Anthropic's mid-conversation system message (recorded in
// pydantic-ai's test_inline_system_prompt_cache_prefix_is_reused cassette).
const MESSAGE_ROLES = new Set(['user', 'assistant', 'system']);

/** One system part per system block; a block that is more than text is kept whole, as JSON. */
function systemParts(body: JsonObject, location: BodyLocation): SystemPart[] {
  const system = body['system'];
  if (system === undefined || system === null) return [];
  if (typeof system === 'string') return [{ name: 'system', text: system }];
  const here = location.at('system');
  return here.array(system).map((value, index) => {
    const split = splitBreakpoint(here.at(index).object(value), here.at(index));
    const block = split.wire;
    const plainText = block['type'] === 'text' && typeof block['text'] === 'string' && Object.keys(block).every((key) => key === 'type' || key === 'text');
    const text = plainText ? (block['text'] as string) : JSON.stringify(block);
    return { name: `system[${index}]`, text, ...(split.cacheControl ? { meta: { cacheControl: split.cacheControl } } : {}) };
  });
}

function toolParts(body: JsonObject, location: BodyLocation): ToolPart[] {
  if (body['tools'] === undefined || body['tools'] === null) return [];
  const here = location.at('tools');
  return here.array(body['tools']).map((value, index) => {
    const split = splitBreakpoint(here.at(index).object(value), here.at(index));
    const name = here.at(index).at('name').string(split.wire['name']);
    return { name, schema: split.wire, ...(split.cacheControl ? { meta: { cacheControl: split.cacheControl } } : {}) };
  });
}

/** A user message the user wrote: text or media, not only the tool results of the previous turn. */
function isUserWritten(message: JsonObject): boolean {
  if (message['role'] !== 'user') return false;
  const content = message['content'];
  if (!Array.isArray(content)) return true;
  return content.some((block) => !(isJsonObject(block) && block['type'] === 'tool_result'));
}

/**
 * Reads an Anthropic messages body into request parts: `system` (a string, or one part per block),
 * `tools` in wire order, and one message part per message, named `message[i]:role` (cut where a
 * breakpoint sits inside it, see `anthropicMessagePart`). Every `cache_control` breakpoint is taken
 * off the bytes and kept as segment metadata where the body puts it; a top-level one (automatic
 * caching) is the last message's breakpoint. The last user
 * message that is more than tool results is the task. The settings the cache is keyed on beyond the
 * bytes (`tool_choice`, `thinking`, images, citations, speed) become keyed setting parts.
 */
export function readAnthropicBody(body: JsonObject, location: BodyLocation, reuse?: RenderReuse): RequestParts {
  const here = location.at('messages');
  const messages = here.array(body['messages']).map((value, index) => {
    const message = here.at(index).object(value);
    const role = here.at(index).at('role').string(message['role']);
    if (!MESSAGE_ROLES.has(role)) throw here.at(index).at('role').error(`is '${role}', not an Anthropic messages role (user, assistant, system)`);
    return { message, role };
  });
  let task = -1;
  for (let index = messages.length - 1; index >= 0 && task < 0; index--) if (isUserWritten(messages[index]!.message)) task = index;
  // Context appended right after the task as another user message belongs to the same run: the
  // task is the first message of that run.
  while (task > 0 && isUserWritten(messages[task - 1]!.message)) task--;
  const parts: MessagePart[] = messages.map(({ message, role }, index) => anthropicMessagePart(message, role, index, index === task, here.at(index), reuse?.derived));
  // A top-level `cache_control` asks for automatic caching: the breakpoint goes on the last block
  // (recorded in pydantic-ai's test_anthropic_cache_real_api cassette, whose second request reads 1,111).
  const last = parts.at(-1);
  if (body['cache_control'] !== undefined && last && !last.meta?.cacheControl) {
    const { cacheControl } = splitBreakpoint({ cache_control: body['cache_control'] }, location);
    const marked = { ...last.meta, ...(cacheControl ? { cacheControl } : {}) };
    const pieces = last.pieces?.map((piece, at, all) => (at === all.length - 1 ? { ...piece, meta: { ...piece.meta, ...(cacheControl ? { cacheControl } : {}) } } : piece));
    parts[parts.length - 1] = { ...last, meta: marked, ...(pieces ? { pieces } : {}) };
  }
  const settings = anthropicSettings(body, messages.map(({ message }) => message), location);
  return { system: systemParts(body, location), tools: toolParts(body, location), messages: parts, ...(settings.length > 0 ? { settings } : {}) };
}
