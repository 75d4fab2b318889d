import { InputError } from '../../prefix/index.js';
import { type InputOptions } from '../../providers/index.js';
import { decodeUtf8, inputLabel, readInputBytes, STDIN_NAME } from '../../providers/input/index.js';
import { readLogLines } from '../../providers/session/index.js';
import { simulateTrace } from './simulate-trace.js';
import { TraceReplay, type SimulateTraceOptions, type SimulationResult } from './trace-replay.js';
import { parseTraceLine, parseTraceText, type BlockTrace } from './trace-request.js';

/** Options of `readTraceFile`. */
export interface ReadTraceFileOptions extends Pick<InputOptions, 'maxInputBytes' | 'stdin'> {
  /** How errors and reports name the file (defaults to the path; `-` reads standard input). */
  readonly label?: string;
}

/**
 * Reads a whole Mooncake-format trace (JSONL: `timestamp`, `input_length`, `output_length`,
 * `hash_ids`) into memory, within `maxInputBytes`. To replay a trace of any length, stream it with
 * `simulateTraceFile` instead.
 */
export async function readTraceFile(file: string, options: ReadTraceFileOptions = {}): Promise<BlockTrace> {
  // The shared reader: one wording for unreadable files, the size limit, strict UTF-8, `-`.
  const source = inputLabel(file, options);
  return parseTraceText(decodeUtf8(await readInputBytes(file, { ...options, label: source }), source), source);
}

/**
 * Replays a trace file as it streams, line by line, keeping nothing per request: memory follows the
 * blocks the cache holds, not the length of the file, and `maxInputBytes` limits each line, not
 * the file (a 145 MB trace is 600k short lines). Plain or zstd-compressed, or `-` for standard
 * input. The released traces are in arrival order; a file that is not is read again whole (within
 * `maxInputBytes`) and replayed sorted, as `simulateTrace` does; standard input cannot be, and is
 * refused at the first request out of order.
 */
export async function simulateTraceFile(file: string, options: SimulateTraceOptions & ReadTraceFileOptions = {}): Promise<SimulationResult> {
  const source = inputLabel(file, options);
  const replay = new TraceReplay(source, options);
  try {
    for await (const { text, line } of readLogLines(file, { ...options, label: source, limitPerLine: true })) {
      if (text.trim() !== '') replay.add(parseTraceLine(text, source, line), { line });
    }
  } catch (error) {
    if (!(error instanceof InputError && error.code === 'input/trace-order') || file === STDIN_NAME) throw error;
    const { hitBlocksByRequest: _perRequest, ...result } = simulateTrace(await readTraceFile(file, options), options);
    return result;
  }
  if (replay.requests === 0) throw new InputError('input/empty-trace', 'the trace holds no requests', { source });
  return replay.result();
}
