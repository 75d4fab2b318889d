import { createReadStream, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { InputError } from '../../prefix/errors.js';
import { DEFAULT_MAX_INPUT_BYTES, inputTooLarge } from './input-size.js';
import { unreadableFile } from './read-failure.js';
import { decodeUtf8 } from './utf8.js';

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

/** The input cap alone: what a reader that passes it on takes (the field is declared once, in `InputOptions`). */
export type InputLimit = Pick<InputOptions, 'maxInputBytes'>;

/** `options`' input cap as an options object of its own, empty when unset (to pass down). */
export function inputLimit(options: InputLimit): InputLimit {
  return options.maxInputBytes === undefined ? {} : { maxInputBytes: options.maxInputBytes };
}

/** The label errors use for `file`. */
export function inputLabel(file: string, options: InputOptions = {}): string {
  return options.label ?? (file === STDIN_NAME ? '<stdin>' : file);
}

/** What a path that is not a file is, in plain words, or undefined for a file or a pipe. */
export function notAFile(info: Stats): string | undefined {
  if (info.isFile() || info.isFIFO()) return undefined;
  if (info.isDirectory()) return 'is a directory, not a file';
  if (info.isCharacterDevice()) return 'is a character device, not a file';
  if (info.isBlockDevice()) return 'is a block device, not a file';
  if (info.isSocket()) return 'is a socket, not a file';
  return 'is not a regular file';
}

/**
 * The bytes of a file (or of standard input for `-`) as they arrive, refusing the input once it
 * passes `maxInputBytes`: a file whose size says so before anything is read, standard input or a
 * pipe as soon as it has sent too much. A device (`/dev/zero`, or a link to it) is refused before
 * it is read: it has no size and no end. Every failure is an InputError naming the input: never a
 * raw ENOENT. The file is closed however the caller stops reading.
 */
export async function* inputChunks(file: string, options: InputOptions = {}): AsyncGenerator<Uint8Array> {
  const label = inputLabel(file, options);
  const limit = options.maxInputBytes ?? DEFAULT_MAX_INPUT_BYTES;
  let source: AsyncIterable<Uint8Array>;
  if (file === STDIN_NAME) {
    source = options.stdin ?? (process.stdin as AsyncIterable<Uint8Array>);
  } else {
    await checkReadable(file, label, limit);
    source = createReadStream(file) as AsyncIterable<Uint8Array>;
  }
  let total = 0;
  const chunks = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await chunks.next();
      } catch (error) {
        throw unreadableFile(label, error);
      }
      if (next.done) return;
      total += next.value.byteLength;
      if (total > limit) throw inputTooLarge(label, undefined, limit);
      yield next.value;
    }
  } finally {
    // Standard input belongs to the process: leave it open. A file stream is destroyed here.
    if (file !== STDIN_NAME) await chunks.return?.();
  }
}

/** The checks every file input gets before it is opened: it exists, is a file or a pipe, and is within the limit. */
async function checkReadable(file: string, label: string, limit: number): Promise<void> {
  let info: Stats;
  try {
    info = await stat(file);
  } catch (error) {
    throw unreadableFile(label, error);
  }
  const what = notAFile(info);
  if (what !== undefined) throw new InputError('input/unreadable-file', `cannot read: ${what}`, { source: label });
  if (info.size > limit) throw inputTooLarge(label, info.size, limit);
}

/** Bytes of the one buffer `inputChunkViews` reads a file into (Node's stream default). */
const VIEW_BYTES = 64 * 1024;

/**
 * The chunks of `inputChunks`, but each a view of one buffer that the next read overwrites: for a
 * reader that copies whatever it keeps of a chunk (the line reader). Streams hand out a new buffer
 * per read, so a projects folder of 100 MB of transcripts was 100 MB of short-lived buffers outside
 * the heap, which V8 counts towards its next collection. Standard input is read as `inputChunks` reads it.
 */
export async function* inputChunkViews(file: string, options: InputOptions = {}): AsyncGenerator<Uint8Array> {
  if (file === STDIN_NAME) return yield* inputChunks(file, options);
  const label = inputLabel(file, options);
  const limit = options.maxInputBytes ?? DEFAULT_MAX_INPUT_BYTES;
  await checkReadable(file, label, limit);
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw unreadableFile(label, error);
  }
  try {
    const buffer = Buffer.allocUnsafe(VIEW_BYTES);
    let total = 0;
    for (;;) {
      let read: number;
      try {
        read = (await handle.read(buffer, 0, buffer.length, null)).bytesRead;
      } catch (error) {
        throw unreadableFile(label, error);
      }
      if (read === 0) return;
      total += read;
      if (total > limit) throw inputTooLarge(label, undefined, limit);
      yield buffer.subarray(0, read);
    }
  } finally {
    await handle.close();
  }
}

/** All bytes of a file (or of standard input for `-`), within `maxInputBytes`. */
export async function readInputBytes(file: string, options: InputOptions = {}): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of inputChunks(file, options)) parts.push(chunk);
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/**
 * The text of a file (or of standard input for `-`): within `maxInputBytes`, strict UTF-8 (a bad
 * byte is an InputError naming its offset and line, never U+FFFD), a leading byte-order mark dropped.
 * Every whole-file input kvprefix reads (pins, price files, compositions, bodies) comes through here.
 */
export async function readInputText(file: string, options: InputOptions = {}): Promise<string> {
  const text = decodeUtf8(await readInputBytes(file, options), inputLabel(file, options));
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}
