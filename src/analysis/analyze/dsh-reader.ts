import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import { isDshSession } from './session-readers.js';
import { type SessionReader } from '../inputs/session-reader.js';

/**
 * DSH session trees, each replayed whole (`dsh-inputs.ts`). The replay, the DeepSeek tokenizer and
 * renderer load on first use: `analyze` of Claude Code transcripts does not compile them.
 */
export const dshReader: SessionReader = {
  name: 'dsh',
  reads: 'DSH session folders and logs (session.jsonl[.zst|.zstd] with children session.<n>.jsonl beside it, or a log under any .jsonl name)',
  claims: isDshSession,
  async analyze(inputs, options): Promise<SessionTreeAnalysis[]> {
    const { analyzeDshInputs } = await import('./dsh-inputs.js');
    return analyzeDshInputs(inputs, options);
  },
};
