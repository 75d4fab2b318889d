import { type InputOptions } from '../../providers/index.js';
import { decodeUtf8, inputLabel, readInputBytes } from '../../providers/input/index.js';
import { parseTraceText, type BlockTrace } from './trace-request.js';

/** Options of `readTraceFile`. */
export interface ReadTraceFileOptions extends Pick<InputOptions, 'maxInputBytes' | 'stdin'> {
  /** How errors and reports name the file (defaults to the path; `-` reads standard input). */
  readonly label?: string;
}

/**
 * Reads a Mooncake-format trace (JSONL: `timestamp`, `input_length`, `output_length`, `hash_ids`).
 * The whole file is read at once: the released traces are a few MB, and one `JSON.parse` per line
 * over an in-memory string is the fastest way through them.
 */
export async function readTraceFile(file: string, options: ReadTraceFileOptions = {}): Promise<BlockTrace> {
  // The shared reader: one wording for unreadable files, the size limit, strict UTF-8, `-`.
  const source = inputLabel(file, options);
  return parseTraceText(decodeUtf8(await readInputBytes(file, { ...options, label: source }), source), source);
}
