import type { MessagePart, MessagePiece, RenderReuse, SegmentMeta } from '../../prefix/index.js';
import { isJsonObject, type BodyLocation, type JsonObject } from '../wire/body-fields.js';
import { splitBreakpoint, type CacheControl } from '../wire/cache-control.js';

/** A text block that is only text (`{type: 'text', text}`), which Anthropic renders as the string itself. */
function plainText(block: unknown): string | undefined {
  if (!isJsonObject(block) || block['type'] !== 'text' || typeof block['text'] !== 'string') return undefined;
  for (const key in block) if (key !== 'type' && key !== 'text') return undefined;
  return block['text'];
}

/**
 * `content` in the one form kvprefix renders: Anthropic renders `content: "x"` and
 * `content: [{type: "text", text: "x"}]` the same (a string is shorthand for one text block, in a
 * message and in a `tool_result`), so a lone plain text block is written as its string. The same
 * array comes back when nothing changed (a caller reuses the JSON of objects it saw before).
 */
function canonicalContent(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  if (content.length === 1) {
    const text = plainText(content[0]);
    if (text !== undefined) return text;
  }
  let changed: unknown[] | undefined;
  content.forEach((block, index) => {
    if (!isJsonObject(block) || block['type'] !== 'tool_result' || !Array.isArray(block['content'])) return;
    const inner = canonicalContent(block['content']);
    if (inner === block['content']) return;
    changed ??= [...content];
    changed[index] = { ...block, content: inner };
  });
  return changed ?? content;
}

/** The message with `content` canonical, the same object when it already was. */
function withContent(message: JsonObject, content: unknown): JsonObject {
  return content === message['content'] ? message : { ...message, content };
}

/** What a message's part is made of, from the message object alone (its position adds name and kind). */
interface MessageShape {
  readonly wire: JsonObject;
  readonly meta: SegmentMeta | undefined;
  readonly pieces: readonly MessagePiece[] | undefined;
}

function shapeOf(message: JsonObject, location: BodyLocation): MessageShape {
  const outer = splitBreakpoint(message, location);
  const content = outer.wire['content'];
  const blocks = Array.isArray(content) ? content.length : 1;
  const meta = (cacheControl: CacheControl | undefined, count: number): SegmentMeta | undefined =>
    cacheControl === undefined && count === 1 ? undefined : { ...(cacheControl ? { cacheControl } : {}), ...(count === 1 ? {} : { blocks: count }) };
  if (!Array.isArray(content) || !content.some((block) => isJsonObject(block) && 'cache_control' in block)) {
    return { wire: withContent(outer.wire, canonicalContent(content)), meta: meta(outer.cacheControl, blocks), pieces: undefined };
  }
  const marks: (CacheControl | undefined)[] = [];
  const stripped = content.map((block: unknown, at) => {
    if (!isJsonObject(block)) return (marks.push(undefined), block);
    const split = splitBreakpoint(block, location.at('content').at(at));
    marks.push(split.cacheControl);
    return split.wire;
  });
  const lastMark = marks.at(-1) ?? outer.cacheControl;
  const inner = marks.slice(0, -1).some((mark) => mark !== undefined);
  if (!inner) return { wire: withContent(outer.wire, canonicalContent(stripped)), meta: meta(lastMark, blocks), pieces: undefined };
  // Cut after each marked block; a message cut in pieces keeps its blocks as blocks (no shorthand).
  const pieces: MessagePiece[] = [];
  let first = 0;
  marks.forEach((mark, at) => {
    const last = at === marks.length - 1;
    if (mark === undefined && !last) return;
    const pieceMeta = meta(last ? lastMark : mark, at - first + 1);
    pieces.push({ throughBlock: at, ...(pieceMeta ? { meta: pieceMeta } : {}) });
    first = at + 1;
  });
  return { wire: { ...outer.wire, content: canonicalContent(stripped) }, meta: { ...(lastMark ? { cacheControl: lastMark } : {}), blocks }, pieces };
}

/**
 * The message part of one Anthropic message. Each `cache_control` is taken off the bytes and kept
 * where the body puts it: a breakpoint on a block that is not the message's last cuts the message
 * there (the blocks through it are one segment ending at the breakpoint, the rest another), so a
 * marked document block followed by a varying question is cached up to the document's end. Each
 * segment says how many content blocks end in it (Anthropic's 20-block lookback counts blocks).
 * A breakpoint on the message object itself (not a block) is the message's last. `derived` (a
 * caller rendering a growing conversation) hands back what was made from the same message object
 * before, so a rewritten message keeps its JSON from body to body.
 */
export function anthropicMessagePart(message: JsonObject, role: string, index: number, isTask: boolean, location: BodyLocation, derived?: RenderReuse['derived']): MessagePart {
  const shape = derived ? derived(message, () => shapeOf(message, location)) : shapeOf(message, location);
  return {
    name: `message[${index}]:${role}`,
    role,
    wire: shape.wire,
    kind: isTask ? 'task' : 'message',
    ...(shape.meta ? { meta: shape.meta } : {}),
    ...(shape.pieces ? { pieces: shape.pieces } : {}),
  };
}
