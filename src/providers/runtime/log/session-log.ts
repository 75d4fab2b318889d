import { SessionLogParser, type LoggedEvent } from '../../session/index.js';
import { UsageError } from '../../../prefix/index.js';

/**
 * The agent's own session log, written in DSH's JSONL format (DSH's `examples/*\/tests/snapshots`):
 * line 1 is the header, every other line an event `{type, seq, time, data, sourceEventSeqs?, surfaceOp?}`
 * whose `seq` is its index. Fixture logs strip `seq`/`time` and pack chunk runs; `toFixtureRows`
 * (fixture-rows.ts) writes that form.
 */

/** The session header (DSH `AgentSessionHeader`), keys in DSH's order. */
export interface AgentSessionHeader {
  readonly type: 'session';
  readonly version: 0;
  readonly id: string;
  readonly createdAt: number;
  readonly cwd?: string;
  /** The delegating parent's session id (children only). */
  readonly parentSession?: string;
  /** Number of seeded events before `session/end-seed` (fork children with a non-empty seed only). */
  readonly seedLength?: number;
  /** `subagent` for delegated children. */
  readonly origin?: string;
  /** Authoritative, monotone delegation depth: 0 for a top-level session. */
  readonly delegationDepth: number;
}

/** One logged event. `data` is the event payload; the two optional fields sit beside it, as DSH writes them. */
export interface RecordedEvent {
  readonly type: string;
  readonly seq: number;
  readonly time: number;
  readonly data: unknown;
  /** Seqs of the events this one summarises (the chunks of an `assistant/message`, the call of a `tool/result`). */
  readonly sourceEventSeqs?: readonly number[];
  /** Present on model-visible events: `append` adds to the surface, a replacement rewrites a range. */
  readonly surfaceOp?: SurfaceOp;
}

/** How a surface event enters the model-visible surface (DSH `surfaceOp`). */
export type SurfaceOp = 'append' | { readonly op: 'replace'; readonly start: number; readonly end: number };

/** Extra top-level fields of an event. */
export interface EventExtras {
  readonly sourceEventSeqs?: readonly number[];
  readonly surfaceOp?: SurfaceOp;
}

/**
 * An append-only session log with DSH numbering: `seq` is the event's index, seeded events included.
 * Each event is checked as it is appended by the same parser that reads DSH files, and kept once:
 * `events` and `entries` hold the same objects, so the surface fold, the fork seed and request
 * reconstruction run on what the loop wrote, never on a serialized copy of it.
 */
export class AgentSessionLog {
  readonly header: AgentSessionHeader;
  readonly #events: RecordedEvent[] = [];
  readonly #entries: LoggedEvent[] = [];
  readonly #parser: SessionLogParser;
  readonly #clock: () => number;

  constructor(header: AgentSessionHeader, clock: () => number = Date.now) {
    this.header = header;
    this.#clock = clock;
    this.#parser = new SessionLogParser(`session ${header.id}`);
  }

  /** Every event as the session reader represents it (with its logical seq and JSONL line). */
  get entries(): readonly LoggedEvent[] {
    return this.#entries;
  }

  /** Every event, seed included, in seq order. The array is a live read-only view. */
  get events(): readonly RecordedEvent[] {
    return this.#events;
  }

  /** The seq the next event will get. */
  get nextSeq(): number {
    return this.#events.length;
  }

  /** Appends one event and returns it. */
  append(type: string, data: unknown, extras: EventExtras = {}): RecordedEvent {
    const event: RecordedEvent = {
      type,
      seq: this.#events.length,
      time: this.#clock(),
      data,
      ...(extras.sourceEventSeqs === undefined ? {} : { sourceEventSeqs: extras.sourceEventSeqs }),
      ...(extras.surfaceOp === undefined ? {} : { surfaceOp: extras.surfaceOp }),
    };
    this.#push(event);
    return event;
  }

  // A malformed event is a bug in the writer: it fails here, naming the session and the line it would have.
  #push(event: RecordedEvent): void {
    const entry = this.#parser.eventValue(event as unknown as Readonly<Record<string, unknown>>, this.#events.length + 2);
    this.#events.push(event);
    this.#entries.push(entry);
  }

  /**
   * Copies seed events verbatim (a fork child's first `seedLength` events equal its parent's). The
   * seed is deep-copied so later parent writes can never reach the child: the seed is a one-time
   * snapshot.
   */
  appendSeed(seed: readonly RecordedEvent[]): void {
    for (const [index, event] of seed.entries()) {
      if (event.seq !== this.#events.length) {
        throw new UsageError('log/non-contiguous-seed', `seed event ${index} has seq ${event.seq}, expected ${this.#events.length}: a seed must be a contiguous prefix starting at seq 0`);
      }
      this.#push(structuredClone(event));
    }
  }

  /** The log as JSONL text (header line, then one line per event), as DSH persists it uncompressed. */
  toJsonl(): string {
    return [this.header, ...this.#events].map((line) => JSON.stringify(line)).join('\n') + '\n';
  }
}
