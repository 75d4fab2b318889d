import type { SegmentMeta } from '../../prefix/index.js';
import { isJsonObject, type BodyLocation, type JsonObject } from './body-fields.js';

/** An Anthropic-style `cache_control` breakpoint as sent (`{type: 'ephemeral', ttl?: '5m' | '1h'}`). */
export type CacheControl = NonNullable<SegmentMeta['cacheControl']>;

function readCacheControl(value: unknown, location: BodyLocation): CacheControl {
  const object = location.object(value);
  const type = location.at('type').string(object['type']);
  if (object['ttl'] === undefined) return { type };
  return { type, ttl: location.at('ttl').string(object['ttl']) };
}

/** A wire object with its breakpoint taken out, and the breakpoint. */
export interface SplitBreakpoint<T> {
  readonly wire: T;
  readonly cacheControl: CacheControl | undefined;
}

/**
 * Takes `cache_control` off a tool, system block or content block. A breakpoint marks where the
 * provider may write the cache; it is not prompt text, so moving one must not change a segment's
 * bytes. It is kept as segment metadata instead.
 */
export function splitBreakpoint(object: JsonObject, location: BodyLocation): SplitBreakpoint<JsonObject> {
  if (!('cache_control' in object)) return { wire: object, cacheControl: undefined };
  const { cache_control: raw, ...wire } = object;
  return { wire, cacheControl: readCacheControl(raw, location.at('cache_control')) };
}

/**
 * Takes the breakpoints off a message and its content blocks. A segment is one whole message, so the
 * message keeps the last breakpoint found in it: the cache can be written up to the end of that block,
 * and the block is inside this segment.
 */
export function splitMessageBreakpoints(message: JsonObject, location: BodyLocation): SplitBreakpoint<JsonObject> {
  const outer = splitBreakpoint(message, location);
  let cacheControl = outer.cacheControl;
  const content = outer.wire['content'];
  // A message with no breakpoint in its blocks stays the object it was: a caller that renders the
  // same message object again may then reuse its JSON.
  if (!Array.isArray(content) || !content.some((block) => isJsonObject(block) && 'cache_control' in block)) return { wire: outer.wire, cacheControl };
  const blocks = content.map((block: unknown, index) => {
    if (!isJsonObject(block)) return block;
    const inner = splitBreakpoint(block, location.at('content').at(index));
    cacheControl = inner.cacheControl ?? cacheControl;
    return inner.wire;
  });
  return { wire: { ...outer.wire, content: blocks }, cacheControl };
}
