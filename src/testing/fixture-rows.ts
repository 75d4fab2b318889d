import type { AgentSessionHeader, RecordedEvent, SurfaceOp } from '../providers/index.js';

/** One row of a DSH fixture log: an event without `seq`/`time`, or a packed chunk run. */
export interface FixtureRow {
  readonly type: string;
  readonly data: unknown;
  readonly sourceEventSeqs?: readonly number[];
  readonly surfaceOp?: SurfaceOp;
}

interface ChunkData {
  readonly turn: number;
  readonly step: number;
  readonly chunk: { readonly type: string; readonly index: number; readonly text?: string; readonly id?: string; readonly name?: string; readonly argumentsDelta?: string };
}

const PACKED_TYPE: Readonly<Record<string, string>> = {
  'text-delta': 'text-chunks',
  'reasoning-delta': 'reasoning-chunks',
  'tool-call-delta': 'tool-call-chunks',
};

function deltaOf(event: RecordedEvent): ChunkData | undefined {
  if (event.type !== 'assistant/chunk') return undefined;
  const data = event.data as ChunkData;
  return PACKED_TYPE[data.chunk.type] === undefined ? undefined : data;
}

function sameRun(a: ChunkData, b: ChunkData): boolean {
  return (
    a.turn === b.turn &&
    a.step === b.step &&
    a.chunk.type === b.chunk.type &&
    a.chunk.index === b.chunk.index &&
    a.chunk.id === b.chunk.id &&
    a.chunk.name === b.chunk.name
  );
}

/**
 * Shortest delta run a fixture packs. Every packed row of DSH's fixtures holds at least 3 entries, and
 * every unpacked run there is 1 or 2 deltas long (text-turn's `P`, `ONG`; the many `D`, `ONE` pairs).
 */
export const MIN_PACKED_RUN = 3;

function packRun(run: readonly RecordedEvent[]): FixtureRow {
  const first = run[0]!.data as ChunkData;
  const dt = run.slice(1).map((event, index) => event.time - run[index]!.time);
  const head = { turn: first.turn, step: first.step, index: first.chunk.index, dt };
  if (first.chunk.type === 'tool-call-delta') {
    return {
      type: 'tool-call-chunks',
      data: { ...head, id: first.chunk.id, name: first.chunk.name, args: run.map((event) => (event.data as ChunkData).chunk.argumentsDelta ?? '') },
    };
  }
  return { type: PACKED_TYPE[first.chunk.type]!, data: { ...head, texts: run.map((event) => (event.data as ChunkData).chunk.text ?? '') } };
}

/** The event without its `seq`/`time` envelope; every other field is kept as it is. */
function stripped(event: RecordedEvent): FixtureRow {
  const { seq: _seq, time: _time, ...row } = event;
  return row;
}

/**
 * The fixture form of a log, as DSH's snapshot harness records it (DSH's
 * fixture conventions): `seq` and `time` are dropped, and each run of `MIN_PACKED_RUN` or more consecutive
 * deltas of one block becomes a `text-chunks` / `reasoning-chunks` / `tool-call-chunks` row whose
 * `dt` holds the n−1 time gaps between entries. Shorter runs stay `assistant/chunk` rows (the lone
 * `OK` text delta of `subagent-fork-in-process/session.jsonl` is one).
 */
export function toFixtureRows(events: readonly RecordedEvent[]): FixtureRow[] {
  const rows: FixtureRow[] = [];
  let index = 0;
  while (index < events.length) {
    const event = events[index]!;
    const delta = deltaOf(event);
    if (!delta) {
      rows.push(stripped(event));
      index++;
      continue;
    }
    let end = index + 1;
    while (end < events.length) {
      const next = deltaOf(events[end]!);
      if (!next || !sameRun(delta, next)) break;
      end++;
    }
    if (end - index >= MIN_PACKED_RUN) {
      rows.push(packRun(events.slice(index, end)));
    } else {
      for (const single of events.slice(index, end)) rows.push(stripped(single));
    }
    index = end;
  }
  return rows;
}

/** A whole fixture file: the header line and the packed rows, as JSONL. */
export function toFixtureJsonl(header: AgentSessionHeader, events: readonly RecordedEvent[]): string {
  return [header, ...toFixtureRows(events)].map((row) => JSON.stringify(row)).join('\n') + '\n';
}
