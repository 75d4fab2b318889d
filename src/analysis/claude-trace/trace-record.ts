import { isJsonObject } from '../../prefix/json-object.js';

/**
 * True when a JSON line has claude-trace's shape: a `request` with a `url` and a `response` (or
 * `logged_at`). On its own so that asking whether a file is a trace loads none of the wire readers.
 */
export function isTraceRecord(value: unknown): boolean {
  return isJsonObject(value) && isJsonObject(value['request']) && typeof value['request']['url'] === 'string' && (isJsonObject(value['response']) || typeof value['logged_at'] === 'string');
}
