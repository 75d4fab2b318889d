import { isJsonObject } from '../../prefix/json-object.js';

/**
 * True when a JSON line has claude-trace's shape: a `request` with a `url` and a `response` (an
 * object, or null for a request the process exited before it was answered) or `logged_at`. On its
 * own so that asking whether a file is a trace loads none of the wire readers.
 */
export function isTraceRecord(value: unknown): boolean {
  return isJsonObject(value) && isJsonObject(value['request']) && typeof value['request']['url'] === 'string' && (isJsonObject(value['response']) || value['response'] === null || typeof value['logged_at'] === 'string');
}

/**
 * How every line claude-trace writes begins: `JSON.stringify` keeps the interceptor's key order
 * (`{request: {timestamp, method, url, …}`). A line of a Claude Code log holds the whole conversation
 * and runs far past any head a detector reads, so a log is also known by this start alone.
 */
const TRACE_LINE_START = /^\{"request":\{"timestamp":[\d.e+-]+,"method":"[A-Za-z]+","url":"/;

/** True when the start of a file's first line is a claude-trace record, parsed whole or known by its start. */
export function startsLikeTraceRecord(firstLineHead: string): boolean {
  if (TRACE_LINE_START.test(firstLineHead)) return true;
  try {
    return isTraceRecord(JSON.parse(firstLineHead));
  } catch {
    return false; // not JSON, or a line longer than the head that does not start as claude-trace writes
  }
}
