import type { AssistantChunkEvent } from './event-schema.js';
import type { LoggedEvent, LoggedEventOf, PackedChunkRow } from './session-event.js';

/** Row types that pack a run of stream chunks into one line. */
export const PACKED_ROW_TYPES = ['text-chunks', 'reasoning-chunks', 'tool-call-chunks'] as const;

/** True when a stored event type is a packed chunk row. */
export function isPackedRowType(type: string): type is PackedChunkRow['type'] {
  return type === 'text-chunks' || type === 'reasoning-chunks' || type === 'tool-call-chunks';
}

/** The logical events a packed row stands for: one per entry of `texts[]` (`args[]` for tool calls). */
export function packedMemberCount(row: PackedChunkRow): number {
  return row.type === 'tool-call-chunks' ? row.data.args.length : row.data.texts.length;
}

/** True when `entry` holds a packed chunk row. */
export function isPackedRow(entry: LoggedEvent): entry is LoggedEventOf<PackedChunkRow['type']> {
  return entry.known && isPackedRowType(entry.event.type);
}

/**
 * The `assistant/chunk` events a packed row stands for, in order, each at its logical seq. This is
 * the inverse of DSH's chunk-row storage codec: `text-chunks` → `text-delta`, `reasoning-chunks` →
 * `reasoning-delta`, `tool-call-chunks` → `tool-call-delta` with the row's call `id` (and `name` when
 * the row has one) and each member as `argumentsDelta`; member times are `time0` plus the running sum
 * of `dt` (absent when the fixture stripped `time0`).
 */
export function expandPackedRow(entry: LoggedEventOf<PackedChunkRow['type']>): LoggedEventOf<'assistant/chunk'>[] {
  const row = entry.event;
  const { turn, step, index } = row.data;
  const members = row.type === 'tool-call-chunks' ? row.data.args : row.data.texts;
  const expanded: LoggedEventOf<'assistant/chunk'>[] = [];
  let time = row.time0;
  members.forEach((member, offset) => {
    if (offset > 0 && time !== undefined) time += row.data.dt[offset - 1] ?? 0;
    let chunk: AssistantChunkEvent['data']['chunk'];
    if (row.type === 'tool-call-chunks') {
      chunk = { type: 'tool-call-delta', index, id: row.data.id, ...(row.data.name === undefined ? {} : { name: row.data.name }), argumentsDelta: member };
    } else {
      chunk = { type: row.type === 'text-chunks' ? 'text-delta' : 'reasoning-delta', index, text: member };
    }
    const seq = entry.seq + offset;
    const event: AssistantChunkEvent = {
      type: 'assistant/chunk',
      ...(row.seq0 === undefined ? {} : { seq }),
      ...(time === undefined ? {} : { time }),
      data: { turn, step, chunk },
    };
    expanded.push({ known: true, event, seq, line: entry.line, span: 1 });
  });
  return expanded;
}

/** The log with every packed row expanded into its `assistant/chunk` events: one entry per logical event. */
export function logicalEvents(events: readonly LoggedEvent[]): LoggedEvent[] {
  const logical: LoggedEvent[] = [];
  for (const entry of events) {
    if (isPackedRow(entry)) logical.push(...expandPackedRow(entry));
    else logical.push(entry);
  }
  return logical;
}
