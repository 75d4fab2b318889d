import type { LoggedEvent } from '../../session/index.js';
import type { AgentSessionLog } from './session-log.js';

/**
 * A live log as the session reader sees it: the entries the log checked with the parser that reads
 * DSH files as each event was appended (the same objects as `log.events`). Kept as a function for
 * callers of the earlier API; `log.entries` is the same list.
 */
export function sessionEntries(log: AgentSessionLog): readonly LoggedEvent[] {
  return log.entries;
}
