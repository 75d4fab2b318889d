import { InputError } from '../../prefix/index.js';
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
}

/** A session log being streamed: the header is read and checked, the events come as they are parsed. */
export interface SessionLogStream {
  readonly source: string;
  readonly header: SessionHeader;
  /** Each event in order; the iterator throws an `InputError` at the first malformed line. */
  readonly events: AsyncGenerator<LoggedEvent, void, undefined>;
}

/** Options of the session-log readers. */
export interface ReadSessionLogOptions {
  /** How errors name the file (defaults to the path). */
  readonly label?: string;
}

function emptyLog(source: string): InputError {
  return new InputError('input/empty-log', 'the file holds no session header (it is empty)', { source });
}

async function* parseEvents(lines: AsyncIterator<LogLine>, parser: SessionLogParser): AsyncGenerator<LoggedEvent, void, undefined> {
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    if (next.value.text.trim() === '') continue;
    yield parser.event(next.value.text, next.value.line);
  }
}

/**
 * Opens a DSH session log (`.jsonl`, or zstd-compressed `.jsonl.zstd`/`.jsonl.zst`) for streaming:
 * reads and validates the header, and returns the events as an async iterator. Blank lines are
 * skipped; every other line must be a valid event. The file stays open until the iterator finishes:
 * read it to the end, or leave a `for await` loop early (which returns it) to release the file.
 */
export async function openSessionLog(file: string, options: ReadSessionLogOptions = {}): Promise<SessionLogStream> {
  const source = options.label ?? file;
  const lines = readLogLines(file, source);
  const parser = new SessionLogParser(source);
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    if (next.value.text.trim() === '') continue;
    const header = parser.header(next.value.text, next.value.line);
    return { source, header, events: parseEvents(lines, parser) };
  }
  throw emptyLog(source);
}

/** Reads a whole DSH session log (plain or zstd) into memory. */
export async function readSessionLog(file: string, options: ReadSessionLogOptions = {}): Promise<SessionLog> {
  const stream = await openSessionLog(file, options);
  const events: LoggedEvent[] = [];
  for await (const event of stream.events) events.push(event);
  const last = events.at(-1);
  return { source: stream.source, header: stream.header, events, length: last ? last.seq + last.span : 0 };
}

/** Parses a session log already in memory (the text of a `.jsonl` file). */
export function parseSessionLog(text: string, source: string): SessionLog {
  const parser = new SessionLogParser(source);
  let header: SessionHeader | undefined;
  const events: LoggedEvent[] = [];
  const lines = text.split('\n');
  lines.forEach((lineText, index) => {
    if (lineText.trim() === '') return;
    if (header === undefined) header = parser.header(lineText, index + 1);
    else events.push(parser.event(lineText, index + 1));
  });
  if (header === undefined) throw emptyLog(source);
  return { source, header, events, length: parser.nextSeq };
}
