import path from 'node:path';
import { analyzeClaudeCodeSession } from '../claude-code/analyze-claude-code-session.js';
import { findSidechainFiles, SidechainIndex, transcriptHead } from '../claude-code/find-sidechains.js';
import type { TranscriptInputOptions } from '../claude-code/transcript-entry.js';
import { choosePolicy } from './policy-choice.js';
import { failedInput, isClaudeCodeTranscript, type SessionReader } from './session-readers.js';

/**
 * The sidechain files of a main transcript (none for a transcript that is itself a sidechain),
 * judged from its first line with a `sessionId`: the whole transcript is read once, by its replay.
 */
async function sidechainsOf(file: string, input: TranscriptInputOptions, index: SidechainIndex): Promise<string[]> {
  const head = await transcriptHead(file, input);
  if (head === undefined || head.isSidechain) return [];
  return findSidechainFiles(file, head.sessionId, index);
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
    const sidechainIndex = new SidechainIndex(limit);
    for (const input of inputs) for (const sidechain of await sidechainsOf(input.file, { label: input.label, ...limit }, sidechainIndex)) covered.add(path.resolve(sidechain));
    const trees = [];
    for (const input of inputs) {
      if (input.named !== true && covered.has(path.resolve(input.file))) {
        options.onFile?.(input.label);
        continue;
      }
      const { policy, note } = choosePolicy(options.policy, 'anthropic', options.policyByName);
      try {
        const tree = await analyzeClaudeCodeSession(input.file, { policy, sidechainIndex, label: input.label, ...limit, ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}) });
        trees.push(note ? { ...tree, notes: [...tree.notes, note] } : tree);
      } catch (error) {
        failedInput(input, error, options);
      }
      options.onFile?.(input.label);
    }
    return trees;
  },
};
