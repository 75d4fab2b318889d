import { InputError } from '../../prefix/errors.js';
import { KNOWN_EVENT_SCHEMAS } from './event-schema.js';
import { SESSION_FORMAT_VERSION, sessionHeaderSchema, type SessionHeader } from './header-schema.js';
import { isPackedRowType, packedMemberCount } from './packed-rows.js';
import { isKnownEventType, type KnownSessionEvent, type LoggedEvent, type PackedChunkRow, type UnknownSessionEvent } from './session-event.js';
import { isJsonObject } from '../../prefix/json-object.js';
import { EarlierShapes } from './earlier-shapes.js';
import { describeIssues } from './zod-issues.js';

export { describeIssues } from './zod-issues.js';

/*
 * zod compiles a parser for each object schema the first time it parses with it (its JIT), which
 * costs more than a short log takes to check without: the 92 lines of a two-log DSH folder spent
 * about 20 ms of a 250 ms `kvprefix analyze` in it. Measured on logs of 562, 5,602 and 56,002
 * events (one recorded turn repeated, `bench/support/long-dsh-log.ts`), checking every event
 * without the compiled parsers took 34–41 against 45–47 ms, 108 against 116–119 ms, and 253–311
 * against 181–294 ms: even at tens of thousands of events the compiled parsers are not clearly
 * ahead. So a parser checks its first events without them (a per-parse option, nothing global)
 * and lets zod compile them only for a log longer than that.
 */
const JITLESS_EVENTS = 5_000;
const JITLESS = { jitless: true } as const;

/**
 * Parses the lines of one session log in order: the header first, then each event, assigning the
 * logical seq (a packed chunk row counts one per member) and checking it against a stored `seq`
 * (`seq0` on a packed row). Pure: no I/O, so the file reader and in-memory callers share it.
 *
 * Every problem is an `InputError` naming the source, the line and what was wrong.
 */
export class SessionLogParser {
  readonly source: string;
  #nextSeq = 0;
  // Known events checked so far (the first JITLESS_EVENTS without zod's compiled parsers).
  #parsed = 0;
  // Events in the shapes earlier DSH releases wrote are read as today's (earlier-shapes.ts).
  readonly #earlier = new EarlierShapes();

  constructor(source: string) {
    this.source = source;
  }

  /** The logical seq the next event will get (equals the count of logical events parsed so far). */
  get nextSeq(): number {
    return this.#nextSeq;
  }

  #fail(code: string, reason: string, line: number): never {
    throw new InputError(code, reason, { source: this.source, line });
  }

  #json(text: string, line: number): Record<string, unknown> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      this.#fail('input/malformed-json', `invalid JSON: ${error instanceof Error ? error.message : String(error)}`, line);
    }
    if (!isJsonObject(value) || typeof value['type'] !== 'string') {
      this.#fail('input/schema', 'expected a JSON object with a string "type"', line);
    }
    return value;
  }

  /** Parses the header line (the first non-blank line of the log). */
  header(text: string, line: number): SessionHeader {
    const value = this.#json(text, line);
    if (value['type'] !== 'session') {
      // Claude Code transcripts are JSONL too and easy to pass by mistake: say what the file is.
      const looksLike = typeof value['sessionId'] === 'string' ? ': this looks like a Claude Code transcript (its entries carry a sessionId), not a DSH session log' : '';
      this.#fail('input/not-a-session-log', `expected the session header {"type":"session",…} first, found an event of type '${String(value['type'])}'${looksLike}`, line);
    }
    const version = value['version'];
    if (version !== undefined && version !== SESSION_FORMAT_VERSION) {
      this.#fail('input/unsupported-version', `session log format version ${JSON.stringify(version)} is not supported: kvprefix reads DSH format version ${SESSION_FORMAT_VERSION}`, line);
    }
    const parsed = sessionHeaderSchema.safeParse(value);
    if (!parsed.success) this.#fail('input/schema', `session header: ${describeIssues(parsed.error)}`, line);
    return value as SessionHeader;
  }

  /** Parses one event line (any line after the header). */
  event(text: string, line: number): LoggedEvent {
    return this.eventValue(this.#json(text, line), line);
  }

  /**
   * Checks one event that is already a JSON value (an event the runtime is appending to its own
   * log): the same checks as `event`, on the object itself, which the returned entry holds.
   */
  eventValue(stored: Readonly<Record<string, unknown>>, line: number): LoggedEvent {
    if (typeof stored['type'] !== 'string') this.#fail('input/schema', 'expected a JSON object with a string "type"', line);
    const upgraded = this.#earlier.upgrade(stored);
    if ('problem' in upgraded) this.#fail('input/schema', upgraded.problem, line);
    const value = upgraded.value;
    const type = value['type'] as string;
    const seq = this.#nextSeq;
    if (type === 'session') this.#fail('input/schema', 'a second session header: a log has exactly one, on its first line', line);
    if (!isKnownEventType(type)) {
      this.#checkSeq(value['seq'], 'seq', seq, line);
      this.#nextSeq += 1;
      return { known: false, event: value as UnknownSessionEvent, seq, line, span: 1 };
    }
    const parsed = KNOWN_EVENT_SCHEMAS[type].safeParse(value, this.#parsed++ < JITLESS_EVENTS ? JITLESS : undefined);
    if (!parsed.success) this.#fail('input/schema', `${type}: ${describeIssues(parsed.error)}`, line);
    // The stored object (in today's shape), not zod's copy: fields the schema does not name are kept, not stripped.
    const event = value as KnownSessionEvent;
    let span = 1;
    if (isPackedRowType(type)) {
      this.#checkSeq(value['seq0'], 'seq0', seq, line);
      span = packedMemberCount(event as PackedChunkRow);
    } else {
      this.#checkSeq(value['seq'], 'seq', seq, line);
    }
    this.#nextSeq += span;
    return upgraded.shape === undefined ? { known: true, event, seq, line, span } : { known: true, event, seq, line, span, earlierShape: upgraded.shape };
  }

  #checkSeq(stored: unknown, field: 'seq' | 'seq0', expected: number, line: number): void {
    if (stored === undefined) return;
    if (stored !== expected) {
      this.#fail('input/seq-mismatch', `${field} ${JSON.stringify(stored)} does not match the event's position in the log (logical seq ${expected}): the log is not contiguous`, line);
    }
  }
}
