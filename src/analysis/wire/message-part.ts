import type { MessagePart } from '../../prefix/index.js';
import type { BodyLocation, JsonObject } from './body-fields.js';
import { splitMessageBreakpoints } from './cache-control.js';

/**
 * The message part of one wire message, as both body readers build it: named `message[i]:role`,
 * its `cache_control` breakpoints taken off the bytes into metadata, and kind `task` for the task.
 */
export function wireMessagePart(message: JsonObject, role: string, index: number, isTask: boolean, location: BodyLocation): MessagePart {
  const split = splitMessageBreakpoints(message, location);
  return {
    name: `message[${index}]:${role}`,
    role,
    wire: split.wire,
    kind: isTask ? 'task' : 'message',
    ...(split.cacheControl ? { meta: { cacheControl: split.cacheControl } } : {}),
  };
}
