import type { RecordedEvent } from './session-log.js';

/** The number of the last turn opened in a log (seeded turns included), 0 when none. */
export function lastTurnNumber(events: readonly RecordedEvent[]): number {
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index]!;
    if (event.type === 'turn/start') return (event.data as { turn: number }).turn;
  }
  return 0;
}

/** The data of the latest event of a type, or undefined. */
export function latestData<T>(events: readonly RecordedEvent[], type: string): T | undefined {
  for (let index = events.length - 1; index >= 0; index--) {
    if (events[index]!.type === type) return events[index]!.data as T;
  }
  return undefined;
}

/** True when a log holds an event of the type. */
export function hasEvent(events: readonly RecordedEvent[], type: string): boolean {
  return events.some((event) => event.type === type);
}

/** Words of DSH's fallback session title (every recorded fallback title is the first five words). */
export const FALLBACK_TITLE_WORDS = 5;

/** Characters a fallback title keeps at most (no recorded fallback title is longer; longer first words are cut mid-word). */
export const FALLBACK_TITLE_MAX_CHARS = 40;

/**
 * DSH's fallback title for a session: the first words of its first user message, e.g.
 * "Remember this fact for later:" (subagent-fork-in-process/session.jsonl), cut to 40 characters, e.g.
 * "Start one continuable background subagen" (headless subagent-settlement/stream-json.expected.jsonl).
 */
export function fallbackTitle(text: string): string {
  return text.split(/\s+/).filter((word) => word !== '').slice(0, FALLBACK_TITLE_WORDS).join(' ').slice(0, FALLBACK_TITLE_MAX_CHARS);
}
