import { InputError } from '../../prefix/errors.js';
import { groupDigits } from '../../prefix/group-digits.js';
import { decodeUtf8, DEFAULT_MAX_INPUT_BYTES, formatMebibytes, hasZstdMagic, inputChunkViews, inputLabel, MAX_JSON_DEPTH, tooDeepAt, zstdChunks, type InputOptions } from '../input/index.js';

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
 * newline byte before decoding (0x0A never occurs inside a multi-byte UTF-8 sequence), and invalid
 * UTF-8 is reported on the line that holds it. The whole lines inside one chunk are decoded in one
 * call and cut at their `\n` characters, which stand one for one for the newline bytes: a decoder
 * call per line cost more than the decoding itself on a transcript's short lines.
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

  /**
   * Appends to `out` the lines `chunk` completes. A bad line (not UTF-8, too deep, too long) throws
   * once the lines before it are in `out`, so a reader sees every line up to the one that is wrong.
   */
  feed(chunk: Uint8Array, out: LogLine[]): void {
    const first = chunk.indexOf(0x0a);
    if (first === -1) {
      // Copied (a Buffer's own `slice` would be a view): the producer may reuse its buffer once this chunk is consumed.
      if (chunk.length > 0) this.#hold(new Uint8Array(chunk));
      return;
    }
    // The held start of a line ends at the chunk's first newline.
    this.#hold(chunk.subarray(0, first));
    out.push(this.#emit(true));
    const last = chunk.lastIndexOf(0x0a);
    if (last > first) this.#emitWhole(chunk.subarray(first + 1, last), out);
    if (last + 1 < chunk.length) this.#hold(new Uint8Array(chunk.subarray(last + 1)));
  }

  /** Emits the lines of `run`: whole lines separated by newlines, none held before them. */
  #emitWhole(run: Uint8Array, out: LogLine[]): void {
    let text: string;
    try {
      text = decodeUtf8(run, this.#label);
    } catch {
      // A bad byte somewhere in the run: line by line, so the error names its line and offset.
      let start = 0;
      for (let end = run.indexOf(0x0a); ; end = run.indexOf(0x0a, start)) {
        this.#hold(run.subarray(start, end === -1 ? run.length : end));
        out.push(this.#emit(true));
        if (end === -1) return;
        start = end + 1;
      }
    }
    let byteStart = 0;
    let charStart = 0;
    for (;;) {
      const byteEnd = run.indexOf(0x0a, byteStart);
      const charEnd = text.indexOf('\n', charStart);
      const bytes = (byteEnd === -1 ? run.length : byteEnd) - byteStart;
      if (bytes > this.#maxLineBytes) this.#tooLong(this.#line + 1);
      out.push(this.#finish(text.slice(charStart, charEnd === -1 ? text.length : charEnd), bytes, true));
      if (byteEnd === -1) return;
      byteStart = byteEnd + 1;
      charStart = charEnd + 1;
    }
  }

  #hold(part: Uint8Array): void {
    this.#pending += part.byteLength;
    if (this.#pending > this.#maxLineBytes) this.#tooLong(this.#line + 1);
    this.#parts.push(part);
  }

  #tooLong(line: number): never {
    const limit = this.#maxLineBytes;
    throw new InputError('input/too-large', `the line goes on past the limit of ${formatMebibytes(limit)} (${groupDigits(limit)} bytes, maxInputBytes)`, { source: this.#label, line });
  }

  /** The unfinished last line, if any. */
  finish(out: LogLine[]): void {
    if (this.#parts.length > 0) out.push(this.#emit(false));
  }

  /** The held parts as one line. */
  #emit(terminated: boolean): LogLine {
    const bytes = this.#parts.length === 1 ? (this.#parts[0] as Uint8Array) : Buffer.concat(this.#parts);
    this.#parts = [];
    this.#pending = 0;
    // A line still being written may end inside a character: decode up to it. Such a line is never
    // whole JSON, so the reader treats it as unfinished; any other bad byte is an error.
    const whole = terminated ? bytes : bytes.subarray(0, startOfCutCharacter(bytes));
    const text = decodeUtf8(whole, this.#label, { startOffset: this.#lineStart, line: this.#line + 1 });
    return this.#finish(text, bytes.byteLength, terminated);
  }

  /** Counts a decoded line of `bytes` bytes and checks it as every line is checked. */
  #finish(decoded: string, bytes: number, terminated: boolean): LogLine {
    this.#line += 1;
    this.#lineStart += bytes + 1;
    // A byte-order mark is not part of the first line's JSON.
    const text = this.#line === 1 && decoded.startsWith('\uFEFF') ? decoded.slice(1) : decoded;
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
  for await (const batch of readLogLineBatches(file, options)) yield* batch;
}

/**
 * The lines of `readLogLines`, handed over as the lines each chunk read completes: a reader of a
 * whole file (a transcript) waits once per chunk instead of once per line, which cost about as
 * much as parsing a short line. A bad line ends the stream with its error after the lines before it.
 */
export async function* readLogLineBatches(file: string, options: LogLineOptions = {}): AsyncGenerator<readonly LogLine[]> {
  const label = inputLabel(file, options);
  const limit = options.maxInputBytes ?? DEFAULT_MAX_INPUT_BYTES;
  const perLine = options.limitPerLine === true;
  // Views of one read buffer: the splitter copies what it holds, and the decoder gets copies.
  const chunks = inputChunkViews(file, perLine ? { ...options, maxInputBytes: Number.POSITIVE_INFINITY } : options);
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
    const bytes = compressed ? zstdChunks(copies(all()), label, perLine ? Number.POSITIVE_INFINITY : limit) : all();
    const splitter = new LineSplitter(label, perLine ? limit : undefined);
    for await (const chunk of bytes) yield* linesOf((out) => splitter.feed(chunk, out));
    yield* linesOf((out) => splitter.finish(out));
  } finally {
    await chunks.return(undefined);
  }
}

/** Each chunk copied: the zstd decoder may keep a chunk it could not finish decoding. */
async function* copies(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) yield new Uint8Array(chunk);
}

/** The lines `split` puts out as one batch (none when empty); a line that failed is thrown after the batch before it. */
function* linesOf(split: (out: LogLine[]) => void): Generator<readonly LogLine[]> {
  const out: LogLine[] = [];
  try {
    split(out);
  } catch (error) {
    if (out.length > 0) yield out;
    throw error;
  }
  if (out.length > 0) yield out;
}
