import { readFile } from 'node:fs/promises';
import { InputError } from '../../prefix/index.js';
import { parseTraceText, type BlockTrace } from './trace-request.js';

/** Options of `readTraceFile`. */
export interface ReadTraceFileOptions {
  /** How errors and reports name the file (defaults to the path). */
  readonly label?: string;
}

/**
 * Reads a Mooncake-format trace (JSONL: `timestamp`, `input_length`, `output_length`, `hash_ids`).
 * The whole file is read at once: the released traces are a few MB, and one `JSON.parse` per line
 * over an in-memory string is the fastest way through them.
 */
export async function readTraceFile(file: string, options: ReadTraceFileOptions = {}): Promise<BlockTrace> {
  const source = options.label ?? file;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new InputError('input/unreadable', `cannot read the file: ${error instanceof Error ? error.message : String(error)}`, { source }, { cause: error });
  }
  return parseTraceText(text, source);
}
