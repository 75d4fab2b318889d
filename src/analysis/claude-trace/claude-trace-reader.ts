import path from 'node:path';
import { InputError } from '../../prefix/index.js';
import { inputLimit } from '../../providers/input/input-chunks.js';
import { failedInput, fileHead, type SessionReader } from '../inputs/session-reader.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import type { UnreplayedCall } from './trace-log.js';
import { isTraceRecord } from './trace-record.js';

/** claude-trace names its logs `log-YYYY-MM-DD-HH-MM-SS.jsonl` (in `.claude-trace/`); any `.jsonl` whose first line is a record is read. */
const TRACE_FILE = /\.jsonl$/;

/** Whether the first line of a file is a claude-trace record. */
async function startsWithTraceRecord(file: string): Promise<boolean> {
  const first = (await fileHead(file, 1 << 16)).split('\n', 1)[0] ?? '';
  try {
    return isTraceRecord(JSON.parse(first));
  } catch {
    return false; // a first line longer than the head, or not JSON: not claimed here
  }
}

/** The note listing what a log held that was not replayed as a cache write. */
function unreplayedNote(label: string, unreplayed: readonly UnreplayedCall[]): string {
  const shown = unreplayed.slice(0, 8).map((call) => `line ${call.line} ${call.what}`).join('; ');
  return `${label}: ${unreplayed.length} call${unreplayed.length === 1 ? '' : 's'} not replayed as cache writes (${shown}${unreplayed.length > 8 ? '; …' : ''})`;
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
        if (log.calls.length === 0) throw new InputError('input/no-messages-call', `no messages call with usage in it${log.unreplayed.length > 0 ? ` (${unreplayedNote(path.basename(input.label), log.unreplayed)})` : ''}`, { source: input.label });
        read.push({ label: input.label, requests: log.calls });
        if (log.unreplayed.length > 0) notes.push(unreplayedNote(input.label, log.unreplayed));
      } catch (error) {
        failedInput(input, error, options);
      }
      options.onFile?.(input.label);
    }
    const trees = replayRecordedFiles(read, { ...options, policy: options.policy });
    const traceNote = 'claude-trace: every request is the exact body Claude Code sent, its usage from the logged response (streamed responses read from their events)';
    return trees.map((tree) => ({ ...tree, notes: [traceNote, ...notes, ...tree.notes] }));
  },
};
