import { isJsonObject } from '../../prefix/json-object.js';
import { readLogLines } from '../../providers/session/index.js';
import { inputLimit, type InputLimit } from '../../providers/input/input-chunks.js';
import type { RecordedRequest } from '../bodies/recorded-requests.js';
import { isTraceRecord } from './trace-record.js';
import { readTraceExchange } from './trace-exchange.js';

/** A line of the log that is not read as a call with usage, and why. */
export interface UnreplayedCall {
  readonly line: number;
  readonly what: string;
}

/** A claude-trace log read: its messages calls in logged order, and every other line with its reason. */
export interface TraceLog {
  readonly calls: readonly RecordedRequest[];
  readonly unreplayed: readonly UnreplayedCall[];
}

/** Why a line is not JSON: cut short when it is the last line and has no line break, else the parser's word. */
function unparsed(text: string, terminated: boolean): string {
  if (!terminated) return 'is cut short (the last line has no line break: the process ended while claude-trace was writing it)';
  try {
    JSON.parse(text);
    return 'is JSON';
  } catch (error) {
    return `is not JSON (${(error as Error).message})`;
  }
}

/**
 * Reads a claude-trace log line by line. Every line is either a messages call read with the usage
 * its response logged, or listed with its line and reason (another endpoint, a failed call, a line
 * that does not parse, a line that is not a claude-trace record): one bad line never costs the rest
 * of the file, and nothing is left out unnamed.
 */
export async function readTraceLog(file: string, label: string, options: InputLimit = {}): Promise<TraceLog> {
  const calls: RecordedRequest[] = [];
  const unreplayed: UnreplayedCall[] = [];
  // Each line holds a whole conversation: the limit applies to a line, so a long session still streams.
  for await (const { text, line, terminated } of readLogLines(file, { label, ...inputLimit(options), limitPerLine: true })) {
    if (text.trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      unreplayed.push({ line, what: unparsed(text, terminated) });
      continue;
    }
    if (!isTraceRecord(record) || !isJsonObject(record)) {
      unreplayed.push({ line, what: 'is JSON but not a claude-trace record ({request: {url, …}, response, logged_at})' });
      continue;
    }
    const exchange = readTraceExchange(record, label, line);
    if ('call' in exchange) calls.push(exchange.call);
    else unreplayed.push({ line, what: exchange.unread });
  }
  return { calls, unreplayed };
}
