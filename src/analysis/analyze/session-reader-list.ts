import { claudeTraceReader } from '../claude-trace/claude-trace-reader.js';
import { claudeCodeReader } from './claude-code-reader.js';
import { codexReader } from './codex-reader.js';
import { dshReader } from './dsh-reader.js';
import { watchRecordReader } from '../watch/watch-record-reader.js';
import { wireReader } from './session-readers.js';
import { type SessionReader } from '../inputs/session-reader.js';

/**
 * The readers `analyzePaths` dispatches to, in the order they are asked (one line each): DSH session
 * trees first (a folder holding `session.jsonl` is claimed whole), then Claude Code transcripts,
 * then claude-trace logs, then Codex CLI rollouts, then records of `watchFetch`, then request bodies and cassettes.
 */
export const SESSION_READERS: readonly SessionReader[] = [dshReader, claudeCodeReader, claudeTraceReader, codexReader, watchRecordReader, wireReader];
