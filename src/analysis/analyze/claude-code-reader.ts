import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import { isSubagentMetadata } from '../claude-code/projects-folder.js';
import { isClaudeCodeTranscript } from './session-readers.js';
import { type SessionReader } from '../inputs/session-reader.js';

/**
 * Claude Code transcripts, each replayed with its subagents as one tree (`claude-code-inputs.ts`).
 * The replay's modules load on first use: `analyze` of a DSH folder or of request bodies does not
 * compile the Claude Code replay (a tenth of its cold start).
 */
export const claudeCodeReader: SessionReader = {
  name: 'claude-code',
  reads: 'Claude Code transcripts (.jsonl, with their subagents and their .meta.json)',
  // A subagent's `.meta.json` is claimed so that no other reader takes it for a request body: it is read with its transcript.
  claims: async (input, kind) => (kind === 'file' && isSubagentMetadata(input.file)) || isClaudeCodeTranscript(input, kind),
  async analyze(inputs, options): Promise<SessionTreeAnalysis[]> {
    const { analyzeClaudeCodeInputs } = await import('./claude-code-inputs.js');
    return analyzeClaudeCodeInputs(inputs, options);
  },
};
