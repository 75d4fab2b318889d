import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { DEFAULT_MAX_INPUT_BYTES, inputTooLarge } from './input-size.js';
import { unreadableFile } from './read-failure.js';

/** The file name that means standard input, as in most command-line tools. */
export const STDIN_NAME = '-';

/** How a reader takes its input. */
export interface InputOptions {
  /** How errors name the input (defaults to the path; `-` reads as `<stdin>`). */
  readonly label?: string;
  /** Refuse inputs past this many bytes (default `DEFAULT_MAX_INPUT_BYTES`, 32 MiB). */
  readonly maxInputBytes?: number;
  /** What `-` reads (default: `process.stdin`). */
  readonly stdin?: AsyncIterable<Uint8Array>;
}

/** The label errors use for `file`. */
export function inputLabel(file: string, options: InputOptions = {}): string {
  return options.label ?? (file === STDIN_NAME ? '<stdin>' : file);
}

/**
 * The bytes of a file (or of standard input for `-`) as they arrive, refusing the input once it
 * passes `maxInputBytes`: a file whose size says so before anything is read, standard input as soon
 * as it has sent too much. Every failure is an InputError naming the input: never a raw ENOENT.
 */
export async function* inputChunks(file: string, options: InputOptions = {}): AsyncGenerator<Uint8Array> {
  const label = inputLabel(file, options);
  const limit = options.maxInputBytes ?? DEFAULT_MAX_INPUT_BYTES;
  let source: AsyncIterable<Uint8Array>;
  if (file === STDIN_NAME) {
    source = options.stdin ?? (process.stdin as AsyncIterable<Uint8Array>);
  } else {
    let size: number;
    try {
      const info = await stat(file);
      if (info.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
      size = info.size;
    } catch (error) {
      throw unreadableFile(label, error);
    }
    if (size > limit) throw inputTooLarge(label, size, limit);
    source = createReadStream(file) as AsyncIterable<Uint8Array>;
  }
  let total = 0;
  const chunks = source[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await chunks.next();
    } catch (error) {
      throw unreadableFile(label, error);
    }
    if (next.done) return;
    total += next.value.byteLength;
    if (total > limit) {
      await chunks.return?.();
      throw inputTooLarge(label, undefined, limit);
    }
    yield next.value;
  }
}

/** All bytes of a file (or of standard input for `-`), within `maxInputBytes`. */
export async function readInputBytes(file: string, options: InputOptions = {}): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of inputChunks(file, options)) parts.push(chunk);
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}
