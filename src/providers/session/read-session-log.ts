import { InputError } from '../../prefix/errors.js';
import { inputLabel, type InputOptions } from '../input/index.js';
import type { SessionHeader } from './header-schema.js';
import { readLogLines, type LogLine } from './log-lines.js';
import { SessionLogParser } from './session-log-parser.js';
import type { LoggedEvent } from './session-event.js';

/** A whole session log in memory. */
export interface SessionLog {
  /** How the log's file is named in errors and reports. */
  readonly source: string;
  readonly header: SessionHeader;
  /** The log's rows in order; packed chunk rows stay packed (see `logicalEvents`). */
  readonly events: readonly LoggedEvent[];
  /** Logical events in the log: the seq the next event would get. */
  readonly length: number;
  /**
   * The last line when it had no line break and was not whole JSON: a write in progress (the log of
   * a running agent), left out of `events`. Absent when the log ends cleanly.
   */
  readonly unfinishedLine?: UnfinishedLine;
}

/** A last line still being written, which the reader left out. */
export interface UnfinishedLine {
  /** 1-based line number. */
  readonly line: number;
  /** Its length in bytes so far (UTF-8). */
  readonly bytes: number;
}

/** A session log being streamed: the header is read and checked, the events come as they are parsed. */
export interface SessionLogStream {
  readonly source: string;
  readonly header: SessionHeader;
  /** Each event in order; the iterator throws an `InputError` at the first malformed line. */
  readonly events: AsyncGenerator<LoggedEvent, void, undefined>;
  /** Once `events` is done: the unfinished last line it left out, if there was one. */
  readonly unfinishedLine: () => UnfinishedLine | undefined;
}

/** Options of the session-log readers. */
export interface ReadSessionLogOptions extends InputOptions {}

function emptyLog(source: string): InputError {
  return new InputError('input/empty-log', 'the file holds no session header (it is empty)', { source });
}

/**
 * A last line with no line break that is not whole JSON is a write in progress: every line a writer
 * finishes is a whole JSON object, and no strict prefix of one is. Such a line is left out and
 * reported; the same bad JSON followed by a line break is an error, as anywhere else in the log.
 */
function isUnfinished(line: LogLine, error: unknown): boolean {
  return !line.terminated && error instanceof InputError && error.code === 'input/malformed-json';
}

function unfinished(line: LogLine): UnfinishedLine {
  return { line: line.line, bytes: Buffer.byteLength(line.text) };
}

async function* parseEvents(lines: AsyncGenerator<LogLine>, parser: SessionLogParser, found: { value?: UnfinishedLine }): AsyncGenerator<LoggedEvent, void, undefined> {
  // The line reader is returned however this ends (the end, a malformed line, a caller that stops
  // early): that is what closes the file.
  try {
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      if (next.value.text.trim() === '') continue;
      try {
        yield parser.event(next.value.text, next.value.line);
      } catch (error) {
        if (!isUnfinished(next.value, error)) throw error;
        found.value = unfinished(next.value);
      }
    }
  } finally {
    await lines.return(undefined);
  }
}

function unfinishedHeader(source: string, line: LogLine, cause: unknown): InputError {
  return new InputError('input/empty-log', 'the session header is still being written (its line has no line break and is not whole JSON yet)', { source, line: line.line }, { cause });
}

/**
 * Opens a DSH session log (`.jsonl`, or zstd-compressed `.jsonl.zstd`/`.jsonl.zst`; `-` for standard
 * input) for streaming:
 * reads and validates the header, and returns the events as an async iterator. Blank lines are
 * skipped; every other line must be a valid event. The file stays open until the iterator finishes:
 * read it to the end, or leave a `for await` loop early (which returns it) to release the file.
 */
export async function openSessionLog(file: string, options: ReadSessionLogOptions = {}): Promise<SessionLogStream> {
  const source = inputLabel(file, options);
  const lines = readLogLines(file, { ...options, label: source });
  const parser = new SessionLogParser(source);
  try {
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      if (next.value.text.trim() === '') continue;
      let header: SessionHeader;
      try {
        header = parser.header(next.value.text, next.value.line);
      } catch (error) {
        throw isUnfinished(next.value, error) ? unfinishedHeader(source, next.value, error) : error;
      }
      const found: { value?: UnfinishedLine } = {};
      return { source, header, events: parseEvents(lines, parser, found), unfinishedLine: () => found.value };
    }
  } catch (error) {
    await lines.return(undefined);
    throw error;
  }
  throw emptyLog(source);
}

/** Reads a whole DSH session log (plain or zstd) into memory. */
export async function readSessionLog(file: string, options: ReadSessionLogOptions = {}): Promise<SessionLog> {
  const stream = await openSessionLog(file, options);
  const events: LoggedEvent[] = [];
  for await (const event of stream.events) events.push(event);
  const last = events.at(-1);
  const unfinishedLine = stream.unfinishedLine();
  return { source: stream.source, header: stream.header, events, length: last ? last.seq + last.span : 0, ...(unfinishedLine ? { unfinishedLine } : {}) };
}

/** Parses a session log already in memory (the text of a `.jsonl` file). */
export function parseSessionLog(text: string, source: string): SessionLog {
  const parser = new SessionLogParser(source);
  let header: SessionHeader | undefined;
  const events: LoggedEvent[] = [];
  let unfinishedLine: UnfinishedLine | undefined;
  const lines = text.split('\n');
  lines.forEach((lineText, index) => {
    if (lineText.trim() === '') return;
    const line: LogLine = { text: lineText, line: index + 1, terminated: index < lines.length - 1 };
    try {
      if (header === undefined) header = parser.header(lineText, line.line);
      else events.push(parser.event(lineText, line.line));
    } catch (error) {
      if (!isUnfinished(line, error)) throw error;
      if (header === undefined) throw unfinishedHeader(source, line, error);
      unfinishedLine = unfinished(line);
    }
  });
  if (header === undefined) throw emptyLog(source);
  return { source, header, events, length: parser.nextSeq, ...(unfinishedLine ? { unfinishedLine } : {}) };
}
