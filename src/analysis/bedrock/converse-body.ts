import type { MessagePart, RequestParts, SystemPart, ToolPart } from '../../prefix/index.js';
import { isJsonObject, type BodyLocation, type JsonObject } from '../wire/body-fields.js';
import type { CacheControl } from '../wire/cache-control.js';

/*
 * Amazon Bedrock's Converse API (`POST /model/{modelId}/converse`): a `{cachePoint: {type}}` entry
 * in `system`, `toolConfig.tools` or a message's `content` marks the end of the entry before it as a
 * cache breakpoint (https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html). It is
 * not prompt text: it is taken off the bytes and kept as the metadata of what it follows.
 */

const isCachePoint = (value: unknown): value is JsonObject => isJsonObject(value) && isJsonObject(value['cachePoint']) && Object.keys(value).length === 1;

function cachePointOf(value: JsonObject, location: BodyLocation): CacheControl {
  const point = location.at('cachePoint').object(value['cachePoint']);
  return { type: location.at('cachePoint').at('type').string(point['type']) };
}

/** The entries of a list with its cache points taken out, each entry with the breakpoint that follows it. */
function withCachePoints(list: readonly unknown[], location: BodyLocation): { value: unknown; index: number; cacheControl: CacheControl | undefined }[] {
  const entries: { value: unknown; index: number; cacheControl: CacheControl | undefined }[] = [];
  list.forEach((value, index) => {
    if (!isCachePoint(value)) entries.push({ value, index, cacheControl: undefined });
    else if (entries.length > 0) entries[entries.length - 1]!.cacheControl = cachePointOf(value, location.at(index));
  });
  return entries;
}

const meta = (cacheControl: CacheControl | undefined) => (cacheControl ? { meta: { cacheControl } } : {});

function systemParts(body: JsonObject, location: BodyLocation): SystemPart[] {
  if (body['system'] === undefined || body['system'] === null) return [];
  const here = location.at('system');
  return withCachePoints(here.array(body['system']), here).map(({ value, index, cacheControl }) => {
    const block = here.at(index).object(value);
    const plain = typeof block['text'] === 'string' && Object.keys(block).length === 1;
    return { name: `system[${index}]`, text: plain ? (block['text'] as string) : JSON.stringify(block), ...meta(cacheControl) };
  });
}

function toolParts(body: JsonObject, location: BodyLocation): ToolPart[] {
  const config = body['toolConfig'];
  if (config === undefined || config === null) return [];
  const here = location.at('toolConfig').at('tools');
  const tools = location.at('toolConfig').object(config)['tools'];
  if (tools === undefined) return [];
  return withCachePoints(here.array(tools), here).map(({ value, index, cacheControl }) => {
    const tool = here.at(index).object(value);
    const spec = tool['toolSpec'];
    const name = isJsonObject(spec) ? here.at(index).at('toolSpec').at('name').string(spec['name']) : `tools[${index}]`;
    return { name, schema: tool, ...meta(cacheControl) };
  });
}

/** A user message the user wrote: more than the `toolResult` blocks of the previous turn. */
function isUserWritten(message: JsonObject): boolean {
  if (message['role'] !== 'user') return false;
  const content = message['content'];
  return !Array.isArray(content) || content.some((block) => !isCachePoint(block) && !(isJsonObject(block) && 'toolResult' in block));
}

/**
 * Reads a Bedrock Converse body into request parts: `system` blocks, `toolConfig.tools` in wire order
 * (named by `toolSpec.name`), one message part per message named `message[i]:role`. A message keeps
 * the last cache point inside it. The model is not in the body (it is in the URL): the caller names it.
 */
export function readConverseBody(body: JsonObject, location: BodyLocation): RequestParts {
  const here = location.at('messages');
  const messages = here.array(body['messages']).map((value, index) => {
    const message = here.at(index).object(value);
    const role = here.at(index).at('role').string(message['role']);
    if (role !== 'user' && role !== 'assistant') throw here.at(index).at('role').error(`is '${role}', not a Converse role (user, assistant)`);
    return { message, role };
  });
  let task = -1;
  for (let index = messages.length - 1; index >= 0 && task < 0; index--) if (isUserWritten(messages[index]!.message)) task = index;
  while (task > 0 && isUserWritten(messages[task - 1]!.message)) task--;
  const parts: MessagePart[] = messages.map(({ message, role }, index) => {
    const content = message['content'];
    let cacheControl: CacheControl | undefined;
    let wire = message;
    if (Array.isArray(content)) {
      const kept = withCachePoints(content, here.at(index).at('content'));
      cacheControl = kept.findLast((entry) => entry.cacheControl !== undefined)?.cacheControl;
      wire = { ...message, content: kept.map((entry) => entry.value) };
    }
    return { name: `message[${index}]:${role}`, role, wire, kind: index === task ? 'task' : 'message', ...meta(cacheControl) };
  });
  return { system: systemParts(body, location), tools: toolParts(body, location), messages: parts };
}

/** The model id in a Converse URL (`/model/{modelId}/converse[-stream]`), percent-decoded. */
export function converseModelOf(endpoint: string | undefined): string | undefined {
  if (endpoint === undefined) return undefined;
  const match = /\/model\/([^/]+)\/converse(?:-stream)?(?:$|[?#])/.exec(endpoint);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1];
  }
}
