import { SessionLogParser, type LoggedEvent } from '../../session/index.js';
import type { AgentSessionLog } from './session-log.js';

const parsed = new WeakMap<AgentSessionLog, { parser: SessionLogParser; entries: LoggedEvent[] }>();

/**
 * A live log as the session reader sees it: each recorded event parsed (and validated) by the same
 * parser that reads DSH files, so the surface fold, the fork seed and request reconstruction run on
 * one representation whether the log was recorded here or read from disk. Events are parsed once,
 * as they are appended; a malformed event is an `InputError` naming the session and its seq.
 */
export function sessionEntries(log: AgentSessionLog): readonly LoggedEvent[] {
  let state = parsed.get(log);
  if (!state) {
    state = { parser: new SessionLogParser(`session ${log.header.id}`), entries: [] };
    parsed.set(log, state);
  }
  for (let index = state.entries.length; index < log.events.length; index++) {
    // Line numbers as in the JSONL file: the header is line 1.
    state.entries.push(state.parser.event(JSON.stringify(log.events[index]), index + 2));
  }
  return state.entries;
}
