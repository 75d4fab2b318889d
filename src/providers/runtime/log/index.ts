// The agent's own session log as the runtime writes it (DSH's JSONL event format) and the folds it reads back.
export { fallbackTitle, lastTurnNumber } from './log-folds.js';
export { sessionEntries } from './session-entries.js';
export { AgentSessionLog } from './session-log.js';
export type { AgentSessionHeader, EventExtras, RecordedEvent, SurfaceOp } from './session-log.js';
