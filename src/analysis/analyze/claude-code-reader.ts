import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import { isClaudeCodeTranscript, type SessionReader } from './session-readers.js';

/**
 * Claude Code transcripts, each replayed with its subagents as one tree (`claude-code-inputs.ts`).
 * The replay's modules load on first use: `analyze` of a DSH folder or of request bodies does not
 * compile the Claude Code replay (a tenth of its cold start).
 */
export const claudeCodeReader: SessionReader = {
  name: 'claude-code',
  reads: 'Claude Code transcripts (.jsonl, with their subagents)',
  claims: isClaudeCodeTranscript,
  async analyze(inputs, options): Promise<SessionTreeAnalysis[]> {
    const { analyzeClaudeCodeInputs } = await import('./claude-code-inputs.js');
    return analyzeClaudeCodeInputs(inputs, options);
  },
};
