import type { Usage } from '../model/content-schema.js';
import { ownEventsStart } from './delegation-call.js';
import type { SessionLog } from './read-session-log.js';
import { isEventType, type LoggedEvent } from './session-event.js';

/** One model request a session sent: the step it belongs to and the point of the log it was sent at. */
export interface ModelRequestPoint {
  readonly turn: number;
  readonly step: number;
  /** The last seq before the request's first model output: pass it as `through` to `reconstructRequest`. */
  readonly through: number;
  /** True when the step is part of a fork child's inherited seed (the parent sent it, not this session). */
  readonly seeded: boolean;
  /** The usage the provider reported for it, from the step's `assistant/message`, when recorded. */
  readonly usage: Usage | undefined;
}

const MODEL_OUTPUT_TYPES = new Set(['assistant/chunk', 'text-chunks', 'reasoning-chunks', 'tool-call-chunks', 'assistant/message']);

function turnAndStep(entry: LoggedEvent): { turn: number; step: number } | undefined {
  if (!entry.known || !MODEL_OUTPUT_TYPES.has(entry.event.type)) return undefined;
  const data = entry.event.data as { turn: number; step: number };
  return { turn: data.turn, step: data.step };
}

/**
 * The model requests a log records, one per step that produced model output, in order. A step's
 * request went out after its `request/header` and user messages and before its first chunk; a
 * failed attempt that produced no output leaves no point.
 */
export function modelRequestPoints(log: SessionLog): ModelRequestPoint[] {
  const seedEnd = ownEventsStart(log);
  const points = new Map<string, { turn: number; step: number; through: number; seeded: boolean; usage: Usage | undefined }>();
  for (const entry of log.events) {
    const position = turnAndStep(entry);
    if (!position) continue;
    // A fork child's seed and its own turns can reuse a (turn, step) pair only if a seed ended mid-turn,
    // which DSH never does; keying by seed side as well keeps the two apart regardless.
    const seeded = entry.seq < seedEnd;
    const key = `${seeded}:${position.turn}:${position.step}`;
    let point = points.get(key);
    if (!point) {
      point = { ...position, through: entry.seq - 1, seeded, usage: undefined };
      points.set(key, point);
    }
    if (isEventType(entry, 'assistant/message')) point.usage = entry.event.data.usage;
  }
  return [...points.values()];
}
