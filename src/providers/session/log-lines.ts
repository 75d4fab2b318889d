import { InputError } from '../../prefix/errors.js';
import { groupDigits } from '../../prefix/group-digits.js';
import { decodeUtf8, DEFAULT_MAX_INPUT_BYTES, formatMebibytes, hasZstdMagic, inputChunks, inputLabel, MAX_JSON_DEPTH, tooDeepAt, zstdChunks, type InputOptions } from '../input/index.js';

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

/** True when a file name says the log is zstd-compressed (`.jsonl.zstd` as DSH stores it, or `.zst`). */
export function isZstdFileName(file: string): boolean {
  return /\.zstd?$/i.test(file);
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
    // Every line is JSON that something later walks level by level (schemas, renderers, stringify):
    // the limit every JSON input has holds for each line too.
    const deep = tooDeepAt(text);
    if (deep !== -1) throw new InputError('input/too-deep', `column ${deep + 1}: nested more than ${groupDigits(MAX_JSON_DEPTH)} levels deep; kvprefix reads JSON nested at most that deep`, { source: this.#label, line: this.#line });
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
  // Closed on every way out (the end, a malformed line the caller throws at, a caller that stops
  // early): the file's descriptor must not outlive the read.
  try {
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
  } finally {
    await chunks.return(undefined);
  }
}
