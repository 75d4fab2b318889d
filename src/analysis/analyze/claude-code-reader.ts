import path from 'node:path';
import { analyzeClaudeCodeSession } from '../claude-code/analyze-claude-code-session.js';
import { findSidechainFiles } from '../claude-code/find-sidechains.js';
import { readClaudeCodeTranscript, type TranscriptInputOptions } from '../claude-code/transcript-entry.js';
import { choosePolicy } from './policy-choice.js';
import { isClaudeCodeTranscript, type SessionReader } from './session-readers.js';

/** The sidechain files of a main transcript (none for a transcript that is itself a sidechain). */
async function sidechainsOf(file: string, input: TranscriptInputOptions): Promise<string[]> {
  const transcript = await readClaudeCodeTranscript(file, input);
  const sessionId = transcript.entries[0]?.sessionId;
  if (sessionId === undefined || transcript.entries.some((entry) => entry.isSidechain === true)) return [];
  return findSidechainFiles(file, sessionId);
}

/**
 * Claude Code transcripts, each replayed with its subagents as one tree (`analyzeClaudeCodeSession`).
 * A subagent transcript met while walking a folder is read through its main transcript, not twice.
 */
export const claudeCodeReader: SessionReader = {
  name: 'claude-code',
  reads: 'Claude Code transcripts (.jsonl, with their subagents)',
  claims: isClaudeCodeTranscript,
  async analyze(inputs, options) {
    const limit = options.maxInputBytes === undefined ? {} : { maxInputBytes: options.maxInputBytes };
    const covered = new Set<string>();
    for (const input of inputs) for (const sidechain of await sidechainsOf(input.file, { label: input.label, ...limit })) covered.add(path.resolve(sidechain));
    const trees = [];
    for (const input of inputs) {
      if (input.named !== true && covered.has(path.resolve(input.file))) {
        options.onFile?.(input.label);
        continue;
      }
      const { policy, note } = choosePolicy(options.policy, 'anthropic', options.policyByName);
      const tree = await analyzeClaudeCodeSession(input.file, { policy, ...limit, ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}) });
      trees.push(note ? { ...tree, notes: [...tree.notes, note] } : tree);
      options.onFile?.(input.label);
    }
    return trees;
  },
};
