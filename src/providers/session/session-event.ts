import type { z } from 'zod';
import { KNOWN_EVENT_SCHEMAS } from './event-schema.js';
import type { TextChunksRow, ReasoningChunksRow, ToolCallChunksRow, UserMessageEvent, AssistantMessageEvent, ToolResultEvent } from './event-schema.js';

/** The event types kvprefix knows the shape of. */
export type KnownEventType = keyof typeof KNOWN_EVENT_SCHEMAS;

/** An event of a type kvprefix knows, validated against its schema. */
export type KnownSessionEvent = { [T in KnownEventType]: z.infer<(typeof KNOWN_EVENT_SCHEMAS)[T]> }[KnownEventType];

/**
 * An event of a type kvprefix does not know (`agent/inbox/spliced`, `approval/policy`, `hook/*`, a
 * plugin's own types, …): the stored JSON object as it is. It is kept in order and passed through,
 * never dropped: DSH itself refuses to rebuild a session around an unknown required event.
 */
export interface UnknownSessionEvent {
  readonly type: string;
  readonly data?: unknown;
  readonly [field: string]: unknown;
}

/** Any event of a session log. */
export type SessionEvent = KnownSessionEvent | UnknownSessionEvent;

/** Where an event is in its log. */
export interface EventLocation {
  /** Logical sequence number: the event's index in the log (DSH `seq`), assigned where a fixture stripped it. */
  readonly seq: number;
  /** 1-based line of the file the event was read from (the header is line 1). */
  readonly line: number;
  /** Logical events this row stands for: the member count of a packed chunk row, otherwise 1. */
  readonly span: number;
}

/** A known event with its location; `known` lets TypeScript narrow on `event.type`. */
export interface LoggedKnownEvent<E extends KnownSessionEvent = KnownSessionEvent> extends EventLocation {
  readonly known: true;
  readonly event: E;
  /** The shape an earlier DSH release wrote this event in, when it was read from one (`event` is today's; earlier-shapes.ts). */
  readonly earlierShape?: string;
}

/** An unknown event with its location. */
export interface LoggedUnknownEvent extends EventLocation {
  readonly known: false;
  readonly event: UnknownSessionEvent;
}

/** One row of a session log as read: the stored event (the original JSON object) and where it is. */
export type LoggedEvent = LoggedKnownEvent | LoggedUnknownEvent;

/** The known event of type `T`. */
export type EventOfType<T extends KnownEventType> = Extract<KnownSessionEvent, { type: T }>;

/** A logged event of known type `T`. */
export type LoggedEventOf<T extends KnownEventType> = LoggedKnownEvent<EventOfType<T>>;

/** True when `entry` holds a known event of type `type` (narrows `entry.event`). */
export function isEventType<T extends KnownEventType>(entry: LoggedEvent, type: T): entry is LoggedEventOf<T> {
  return entry.known && entry.event.type === type;
}

/** True when `type` names an event kvprefix knows. */
export function isKnownEventType(type: string): type is KnownEventType {
  return Object.hasOwn(KNOWN_EVENT_SCHEMAS, type);
}

/** A packed chunk row (`text-chunks`, `reasoning-chunks`, `tool-call-chunks`). */
export type PackedChunkRow = TextChunksRow | ReasoningChunksRow | ToolCallChunksRow;

/** The event types whose messages reach the model. */
export const SURFACE_EVENT_TYPES = ['user/message', 'assistant/message', 'tool/result'] as const;

/** An event whose message reaches the model. */
export type SurfaceEvent = UserMessageEvent | AssistantMessageEvent | ToolResultEvent;

/** True when `entry` holds a surface event. */
export function isSurfaceEvent(entry: LoggedEvent): entry is LoggedKnownEvent<SurfaceEvent> {
  return entry.known && (entry.event.type === 'user/message' || entry.event.type === 'assistant/message' || entry.event.type === 'tool/result');
}
