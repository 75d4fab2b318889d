import { InputError } from '../../prefix/errors.js';
import { groupDigits } from '../../prefix/group-digits.js';
import { decodeUtf8, DEFAULT_MAX_INPUT_BYTES, formatMebibytes, inputChunks, inputLabel, inputTooLarge, type InputOptions } from '../input/index.js';

/** One line of a log file, without its line break. */
export interface LogLine {
  readonly text: string;
  /** 1-based line number. */
  readonly line: number;
  /**
   * False for a last line with no line break after it: a writer may still be in the middle of it
   * (the session log of a running agent). Its `text` may then be cut anywhere, even inside a
   * character.
   */
  readonly terminated: boolean;
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

function zstdError(label: string, error: unknown): InputError {
  const detail = error instanceof Error ? error.message : String(error);
  return new InputError('input/zstd-corrupt', `corrupt or truncated zstd stream (${detail})`, { source: label }, { cause: error });
}

/**
 * Decompresses a zstd byte stream as it arrives (fzstd's streaming `Decompress`), so a large stored
 * log is never held whole in memory. A stream that ends inside a frame is reported, not cut short
 * silently: the final empty push makes fzstd check that the last frame is complete.
 */
async function* zstdChunks(chunks: AsyncIterable<Uint8Array>, label: string, limit: number): AsyncGenerator<Uint8Array> {
  // Loaded here, on the first compressed log: most logs are plain, and a short command such as
  // `kvprefix seed` should not load a decoder it does not use.
  const { Decompress } = await import('fzstd');
  const ready: Uint8Array[] = [];
  let total = 0;
  const decompressor = new Decompress((data) => {
    if (data.length > 0) ready.push(data);
  });
  // The limit holds for the decompressed bytes too: a small stored file must not expand without bound.
  function* drain(): Generator<Uint8Array> {
    for (const data of ready.splice(0)) {
      total += data.byteLength;
      if (total > limit) throw inputTooLarge(label, undefined, limit, 'decompressed log');
      yield data;
    }
  }
  for await (const chunk of chunks) {
    try {
      decompressor.push(chunk);
    } catch (error) {
      throw zstdError(label, error);
    }
    yield* drain();
  }
  try {
    decompressor.push(new Uint8Array(0), true);
  } catch (error) {
    throw zstdError(label, error);
  }
  yield* drain();
}

/** Where a UTF-8 sequence cut short by the end of `bytes` starts (`bytes.length` when none is). */
function startOfCutCharacter(bytes: Uint8Array): number {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for the lead
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/**
 * Splits bytes into lines as they arrive, holding only the unfinished last line. Lines are cut at the
 * newline byte before decoding (0x0A never occurs inside a multi-byte UTF-8 sequence), so each line
 * is decoded whole and invalid UTF-8 is reported on the line that holds it.
 */
class LineSplitter {
  readonly #label: string;
  readonly #maxLineBytes: number;
  #parts: Uint8Array[] = [];
  /** Bytes in `#parts`. */
  #pending = 0;
  #line = 0;
  /** Offset of the current line's first byte in the (decompressed) stream. */
  #lineStart = 0;

  constructor(label: string, maxLineBytes = Number.POSITIVE_INFINITY) {
    this.#label = label;
    this.#maxLineBytes = maxLineBytes;
  }

  *feed(chunk: Uint8Array): Generator<LogLine> {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      this.#hold(chunk.subarray(start, end));
      yield this.#emit(true);
      start = end + 1;
    }
    // Copied: the producer may reuse its buffer once this chunk is consumed.
    if (start < chunk.length) this.#hold(chunk.slice(start));
  }

  #hold(part: Uint8Array): void {
    this.#pending += part.byteLength;
    if (this.#pending > this.#maxLineBytes) {
      const limit = this.#maxLineBytes;
      throw new InputError('input/too-large', `the line goes on past the limit of ${formatMebibytes(limit)} (${groupDigits(limit)} bytes, maxInputBytes)`, { source: this.#label, line: this.#line + 1 });
    }
    this.#parts.push(part);
  }

  *finish(): Generator<LogLine> {
    if (this.#parts.length > 0) yield this.#emit(false);
  }

  #emit(terminated: boolean): LogLine {
    this.#line += 1;
    const bytes = this.#parts.length === 1 ? (this.#parts[0] as Uint8Array) : Buffer.concat(this.#parts);
    this.#parts = [];
    this.#pending = 0;
    const start = this.#lineStart;
    this.#lineStart += bytes.byteLength + 1;
    // A line still being written may end inside a character: decode up to it. Such a line is never
    // whole JSON, so the reader treats it as unfinished; any other bad byte is an error.
    const whole = terminated ? bytes : bytes.subarray(0, startOfCutCharacter(bytes));
    let text = decodeUtf8(whole, this.#label, { startOffset: start, line: this.#line });
    // A byte-order mark is not part of the first line's JSON.
    if (this.#line === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
    return { text, line: this.#line, terminated };
  }
}

/** Options of `readLogLines`. */
export interface LogLineOptions extends InputOptions {
  /**
   * Apply `maxInputBytes` to each line instead of the whole input: for a reader that keeps nothing
   * per line (a trace replay), so an input of any length streams through in bounded memory.
   */
  readonly limitPerLine?: boolean;
}

/**
 * Streams the lines of a plain or zstd-compressed log file. Compression is recognised by the zstd
 * frame magic, so a compressed file read under any name works; a `.zst`/`.zstd` name without the
 * magic is reported as corrupt. Invalid UTF-8 is an error naming the line, never replaced silently.
 *
 * @param file path to read, or `-` for standard input
 * @param options how errors name the input, its size limit, what `-` reads
 */
export async function* readLogLines(file: string, options: LogLineOptions = {}): AsyncGenerator<LogLine> {
  const label = inputLabel(file, options);
  const limit = options.maxInputBytes ?? DEFAULT_MAX_INPUT_BYTES;
  const perLine = options.limitPerLine === true;
  const chunks = inputChunks(file, perLine ? { ...options, maxInputBytes: Number.POSITIVE_INFINITY } : options);
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
  const bytes = compressed ? zstdChunks(all(), label, perLine ? Number.POSITIVE_INFINITY : limit) : all();
  const splitter = new LineSplitter(label, perLine ? limit : undefined);
  for await (const chunk of bytes) yield* splitter.feed(chunk);
  yield* splitter.finish();
}
