import path from 'node:path';
import { InputError } from '../../prefix/index.js';
import { inputLimit } from '../../providers/input/input-chunks.js';
import { failedInput, fileHead, type SessionReader } from '../inputs/session-reader.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import { unreadLinesNote } from './unread-lines.js';
import { startsLikeTraceRecord } from './trace-record.js';

/** claude-trace names its logs `log-YYYY-MM-DD-HH-MM-SS.jsonl` (in `.claude-trace/`); any `.jsonl` whose first line is a record is read. */
const TRACE_FILE = /\.jsonl$/;

/** Whether the first line of a file is a claude-trace record. */
async function startsWithTraceRecord(file: string): Promise<boolean> {
  return startsLikeTraceRecord((await fileHead(file, 1 << 16)).split('\n', 1)[0] ?? '');
}

/**
 * claude-trace logs: the exact request bodies Claude Code sent and the usage of every response,
 * replayed through the wire replay (each log a session; causes say which bytes changed). Calls to
 * other endpoints, failed calls and responses without usage are listed in the tree's notes.
 */
export const claudeTraceReader: SessionReader = {
  name: 'claude-trace',
  reads: 'claude-trace logs (.claude-trace/log-*.jsonl)',
  claims: async (input, kind) => kind === 'file' && TRACE_FILE.test(input.file) && (await startsWithTraceRecord(input.file)),
  async analyze(inputs, options): Promise<SessionTreeAnalysis[]> {
    const [{ readTraceLog }, { replayRecordedFiles }] = await Promise.all([import('./trace-log.js'), import('../bodies/wire-sequence.js')]);
    const read = [];
    const notes: string[] = [];
    for (const input of inputs) {
      try {
        const log = await readTraceLog(input.file, input.label, inputLimit(options));
        if (log.calls.length === 0) throw new InputError('input/no-messages-call', `no messages call with usage in it${log.unreplayed.length > 0 ? ` (${unreadLinesNote(path.basename(input.label), log.unreplayed)})` : ''}`, { source: input.label });
        read.push({ label: input.label, requests: log.calls });
        if (log.unreplayed.length > 0) notes.push(unreadLinesNote(input.label, log.unreplayed));
      } catch (error) {
        failedInput(input, error, options);
      }
      options.onFile?.(input.label);
    }
    const trees = replayRecordedFiles(read, { ...options, policy: options.policy, observedCounts: true });
    const traceNote = 'claude-trace: every request is the exact body Claude Code sent, its usage from the logged response (streamed responses read from their events)';
    return trees.map((tree) => ({ ...tree, notes: [traceNote, ...notes, ...tree.notes] }));
  },
};
