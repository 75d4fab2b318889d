import { createReadStream } from 'node:fs';
import { Decompress } from 'fzstd';
import { InputError } from '../../prefix/index.js';

/** One line of a log file, without its line break. */
export interface LogLine {
  readonly text: string;
  /** 1-based line number. */
  readonly line: number;
}

/** Every zstd frame starts with these four bytes (RFC 8878 §3.1.1). */
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd] as const;

function hasZstdMagic(bytes: Uint8Array): boolean {
  return ZSTD_MAGIC.every((byte, index) => bytes[index] === byte);
}

/** True when a file name says the log is zstd-compressed (`.jsonl.zstd` as DSH stores it, or `.zst`). */
export function isZstdFileName(file: string): boolean {
  return /\.zstd?$/i.test(file);
}

async function* fileChunks(file: string, label: string): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of createReadStream(file)) yield chunk as Uint8Array;
  } catch (error) {
    throw new InputError('input/unreadable', `cannot read the file: ${error instanceof Error ? error.message : String(error)}`, { source: label }, { cause: error });
  }
}

function zstdError(label: string, error: unknown): InputError {
  const detail = error instanceof Error ? error.message : String(error);
  return new InputError('input/zstd-corrupt', `corrupt or truncated zstd stream (${detail})`, { source: label }, { cause: error });
}

/**
 * Decompresses a zstd byte stream as it arrives (fzstd's streaming `Decompress`), so a large stored
 * log is never held whole in memory. A stream that ends inside a frame is reported, not cut short
 * silently: the final empty push makes fzstd check that the last frame is complete.
 */
async function* zstdChunks(chunks: AsyncIterable<Uint8Array>, label: string): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  const decompressor = new Decompress((data) => {
    if (data.length > 0) ready.push(data);
  });
  for await (const chunk of chunks) {
    try {
      decompressor.push(chunk);
    } catch (error) {
      throw zstdError(label, error);
    }
    yield* ready.splice(0);
  }
  try {
    decompressor.push(new Uint8Array(0), true);
  } catch (error) {
    throw zstdError(label, error);
  }
  yield* ready.splice(0);
}

/**
 * Splits bytes into lines as they arrive, holding only the unfinished last line. Lines are cut at the
 * newline byte before decoding (0x0A never occurs inside a multi-byte UTF-8 sequence), so each line
 * is decoded whole and invalid UTF-8 is reported on the line that holds it.
 */
class LineSplitter {
  readonly #label: string;
  readonly #decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  #parts: Uint8Array[] = [];
  #line = 0;

  constructor(label: string) {
    this.#label = label;
  }

  *feed(chunk: Uint8Array): Generator<LogLine> {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      this.#parts.push(chunk.subarray(start, end));
      yield this.#emit();
      start = end + 1;
    }
    // Copied: the producer may reuse its buffer once this chunk is consumed.
    if (start < chunk.length) this.#parts.push(chunk.slice(start));
  }

  *finish(): Generator<LogLine> {
    if (this.#parts.length > 0) yield this.#emit();
  }

  #emit(): LogLine {
    this.#line += 1;
    const bytes = this.#parts.length === 1 ? (this.#parts[0] as Uint8Array) : Buffer.concat(this.#parts);
    this.#parts = [];
    let text: string;
    try {
      text = this.#decoder.decode(bytes);
    } catch (error) {
      throw new InputError('input/invalid-utf8', 'the line is not valid UTF-8', { source: this.#label, line: this.#line }, { cause: error });
    }
    // A byte-order mark is not part of the first line's JSON.
    if (this.#line === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
    return { text, line: this.#line };
  }
}

/**
 * Streams the lines of a plain or zstd-compressed log file. Compression is recognised by the zstd
 * frame magic, so a compressed file read under any name works; a `.zst`/`.zstd` name without the
 * magic is reported as corrupt. Invalid UTF-8 is an error naming the line, never replaced silently.
 *
 * @param file path to read
 * @param label how errors name the file (defaults to `file`)
 */
export async function* readLogLines(file: string, label: string = file): AsyncGenerator<LogLine> {
  const chunks = fileChunks(file, label);
  const first = await chunks.next();
  if (first.done) return;
  const compressed = hasZstdMagic(first.value);
  if (!compressed && isZstdFileName(file)) {
    throw new InputError('input/zstd-corrupt', 'not a zstd stream: the file does not start with the zstd frame magic', { source: label });
  }
  async function* all(): AsyncGenerator<Uint8Array> {
    yield first.value as Uint8Array;
    yield* chunks;
  }
  const bytes = compressed ? zstdChunks(all(), label) : all();
  const splitter = new LineSplitter(label);
  for await (const chunk of bytes) yield* splitter.feed(chunk);
  yield* splitter.finish();
}
