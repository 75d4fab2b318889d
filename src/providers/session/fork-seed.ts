import { InputError } from '../../prefix/errors.js';
import { isBlockType } from '../model/content-schema.js';
import { isEventType, type LoggedEvent } from './session-event.js';

/** What a fork child inherits from its parent's log. */
export interface ForkSeed {
  /** Logical events in the seed: the child's header `seedLength`. 0 when the parent has no completed turn. */
  readonly seedLength: number;
  /** Seq of the last `turn/end` (the seed's last event), or null when there is none. */
  readonly lastTurnEnd: number | null;
  /** Logical events after the seed (the in-flight turn and anything else past the last `turn/end`). */
  readonly excluded: number;
  /** The seed's rows, in order (packed chunk rows stay packed). */
  readonly events: readonly LoggedEvent[];
}

/** Options of `completedTurnPrefix`. */
export interface CompletedTurnPrefixOptions {
  /** Take the log as it was at this seq (inclusive): a parent's log keeps growing after it forks. */
  readonly through?: number;
  /** How errors name the log. */
  readonly source?: string;
}

/** The call ids a `tool/result` answers: its message source and its `tool-result` blocks. */
function answeredCallIds(entry: LoggedEvent): string[] {
  if (!isEventType(entry, 'tool/result')) return [];
  const message = entry.event.data.message;
  const ids = [message.source.callId];
  for (const block of message.content) if (isBlockType(block, 'tool-result')) ids.push(block.toolCallId);
  return ids;
}

/**
 * The fork seed of a log: the contiguous prefix through the last `turn/end`.
 *
 * When a fork starts, the parent's current turn is still open (its `tool/call` to the fork tool has
 * no result and no `turn/end` yet), so the seed stops at the last completed turn and the child gets
 * a balanced history. No completed turn: the seed is empty and the child is a fresh spawn.
 *
 * A completed-turn prefix in which some `tool/call` has no `tool/result` cannot come from a healthy
 * DSH log (the loop and its crash repair both close every call before `turn/end`), so it is reported
 * as a corrupt log (`InputError`, code `input/unbalanced-seed`) naming the call's line.
 */
export function completedTurnPrefix(events: readonly LoggedEvent[], options: CompletedTurnPrefixOptions = {}): ForkSeed {
  const cut = options.through === undefined ? events : events.filter((entry) => entry.seq <= (options.through as number));
  const lastRow = cut.at(-1);
  // A cut can fall inside a packed row; the events past `through` are not part of the log at that point.
  const rowsEnd = lastRow ? lastRow.seq + lastRow.span : 0;
  const total = options.through === undefined ? rowsEnd : Math.min(rowsEnd, options.through + 1);
  let endIndex = -1;
  for (let index = cut.length - 1; index >= 0; index -= 1) {
    if (isEventType(cut[index] as LoggedEvent, 'turn/end')) {
      endIndex = index;
      break;
    }
  }
  if (endIndex === -1) return { seedLength: 0, lastTurnEnd: null, excluded: total, events: [] };
  const seed = cut.slice(0, endIndex + 1);
  const lastTurnEnd = (seed[endIndex] as LoggedEvent).seq;
  const answered = new Set(seed.flatMap(answeredCallIds));
  for (const entry of seed) {
    if (isEventType(entry, 'tool/call') && !answered.has(entry.event.data.callId)) {
      const { callId, name } = entry.event.data;
      throw new InputError(
        'input/unbalanced-seed',
        `tool/call '${name}' (callId ${callId}, seq ${entry.seq}) has no tool/result before the last turn/end (seq ${lastTurnEnd}): the completed-turn prefix is unbalanced, so the log is corrupt`,
        { source: options.source, line: entry.line },
      );
    }
  }
  return { seedLength: lastTurnEnd + 1, lastTurnEnd, excluded: total - (lastTurnEnd + 1), events: seed };
}
