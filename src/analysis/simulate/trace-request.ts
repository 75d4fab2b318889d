import { InputError } from '../../prefix/index.js';

/**
 * One request of a block-hash trace (the Mooncake FAST'25 format, kvcache-ai/Mooncake's published traces): when it
 * arrived, how long its input and output were, and the ids of its input's prefix blocks. Equal ids
 * mean equal prefixes up to and including that block, so a prefix cache can serve them.
 */
export interface TraceRequest {
  /** Arrival time in milliseconds from the start of the trace. */
  readonly timestamp: number;
  readonly inputLength: number;
  readonly outputLength: number;
  /** Ids of the input's blocks in order (Mooncake: one per 512 tokens, the last one partial). */
  readonly hashIds: readonly number[];
}

/** A trace read from a file: its requests in file order, and the label errors and reports name it by. */
export interface BlockTrace {
  readonly source: string;
  readonly requests: readonly TraceRequest[];
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The first field of a parsed line that is missing or has the wrong type, as a reason; null when the line is a request. */
function problemOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `expected a JSON object, got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`;
  const record = value as Record<string, unknown>;
  for (const field of ['timestamp', 'input_length', 'output_length'] as const) {
    if (!isCount(record[field])) return `'${field}' must be a non-negative integer, got ${JSON.stringify(record[field]) ?? 'nothing'}`;
  }
  const ids = record['hash_ids'];
  if (!Array.isArray(ids)) return `'hash_ids' must be an array of block ids, got ${JSON.stringify(ids) ?? 'nothing'}`;
  const bad = ids.findIndex((id) => !isCount(id));
  if (bad >= 0) return `'hash_ids[${bad}]' must be a non-negative integer block id, got ${JSON.stringify(ids[bad])}`;
  return null;
}

/**
 * Parses one line of a Mooncake trace. Throws an `InputError` naming `source:line` and the first
 * field that is wrong, so a user can find and fix the line.
 */
export function parseTraceLine(text: string, source: string, line: number): TraceRequest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError('input/malformed-json', `invalid JSON: ${error instanceof Error ? error.message : String(error)}`, { source, line }, { cause: error });
  }
  const problem = problemOf(value);
  if (problem !== null) throw new InputError('input/bad-trace-line', problem, { source, line });
  const record = value as { timestamp: number; input_length: number; output_length: number; hash_ids: number[] };
  return { timestamp: record.timestamp, inputLength: record.input_length, outputLength: record.output_length, hashIds: record.hash_ids };
}

/** Parses a whole trace held in memory (blank lines are skipped; every other line must be a request). */
export function parseTraceText(text: string, source: string): BlockTrace {
  const requests: TraceRequest[] = [];
  let start = 0;
  for (let line = 1; start <= text.length; line++) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    const row = text.slice(start, stop);
    if (row.trim() !== '') requests.push(parseTraceLine(row, source, line));
    start = stop + 1;
  }
  if (requests.length === 0) throw new InputError('input/empty-trace', 'the trace holds no requests', { source });
  return { source, requests };
}
