import { InputError } from '../../prefix/index.js';
import type { AssistantMessage, ToolResultMessage, UserMessage } from '../model/content-schema.js';
import { isSurfaceEvent, type LoggedEvent, type SurfaceEvent } from './session-event.js';

/** One node of the model-visible surface: the event that put a message there. */
export interface SurfaceEntry {
  /** Seq of the event (replace operations name surface nodes by this seq). */
  readonly seq: number;
  readonly line: number;
  readonly event: SurfaceEvent;
}

/** Options of `projectSurface`. */
export interface ProjectSurfaceOptions {
  /** Only events with `seq <= through` are folded (the surface as it was at that point). */
  readonly through?: number;
  /** How errors name the log. */
  readonly source?: string;
}

/** The message a surface event carries: a `user/message` is the message itself, the others wrap one. */
export function surfaceMessage(event: SurfaceEvent): UserMessage | AssistantMessage | ToolResultMessage {
  return event.type === 'user/message' ? event.data : event.data.message;
}

/**
 * The model-visible history at a point of the log: the fold of `user/message`, `assistant/message`
 * and `tool/result` events by their `surfaceOp`.
 *
 * - `append` (and, for logs that predate the field, no `surfaceOp`): the message joins the tail.
 * - `{op:'replace', start, end}`: the surface nodes whose event seqs run from `start` through `end`
 *   (both on the current surface, inclusive) are replaced, in place, by this one node; that is how
 *   DSH's compaction swaps history for a summary while the raw log stays append-only. A replacement
 *   naming a node that is not on the surface, a reversed range, or `sourceEventSeqs` that omit a
 *   shadowed node is a corrupt log (DSH's `Session.append` refuses all three).
 */
export function projectSurface(events: readonly LoggedEvent[], options: ProjectSurfaceOptions = {}): SurfaceEntry[] {
  const surface: SurfaceEntry[] = [];
  for (const entry of events) {
    if (options.through !== undefined && entry.seq > options.through) break;
    foldSurfaceEvent(surface, entry, options.source);
  }
  return surface;
}

/**
 * Folds one event into a surface in place (see `projectSurface`): returns `'append'` when the event
 * joined the tail, `'replace'` when it rewrote a range, and `'none'` when it does not reach the model.
 * Callers that keep converted history beside the surface rebuild it after a `'replace'`.
 */
export function foldSurfaceEvent(surface: SurfaceEntry[], entry: LoggedEvent, source?: string): 'append' | 'replace' | 'none' {
  if (!isSurfaceEvent(entry)) return 'none';
  const node: SurfaceEntry = { seq: entry.seq, line: entry.line, event: entry.event };
  const op = entry.event.surfaceOp;
  if (op === undefined || op === 'append') {
    surface.push(node);
    return 'append';
  }
  const fail = (reason: string): never => {
    throw new InputError('input/bad-surface-op', `${entry.event.type} replace {start: ${op.start}, end: ${op.end}}: ${reason}`, { source, line: entry.line });
  };
  const first = surface.findIndex((candidate) => candidate.seq === op.start);
  const last = surface.findIndex((candidate) => candidate.seq === op.end);
  if (first === -1) fail(`no surface node has seq ${op.start}`);
  if (last === -1) fail(`no surface node has seq ${op.end}`);
  if (last < first) fail('the range ends before it starts');
  const cited = entry.event.sourceEventSeqs;
  if (cited !== undefined) {
    const missing = surface.slice(first, last + 1).find((shadowed) => !cited.includes(shadowed.seq));
    if (missing) fail(`sourceEventSeqs does not cite the shadowed node at seq ${missing.seq}`);
  }
  surface.splice(first, last - first + 1, node);
  return 'replace';
}
