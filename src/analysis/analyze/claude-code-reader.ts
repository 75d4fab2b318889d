import path from 'node:path';
import { analyzeClaudeCodeSession } from '../claude-code/analyze-claude-code-session.js';
import { findSidechainFiles } from '../claude-code/find-sidechains.js';
import { HeadEvidence } from '../claude-code/head-evidence.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import { readClaudeCodeTranscript, type TranscriptInputOptions } from '../claude-code/transcript-entry.js';
import { choosePolicy } from './policy-choice.js';
import { isClaudeCodeTranscript, type SessionReader } from './session-readers.js';

/** When a transcript starts (ms), and its sidechain files (none for a transcript that is itself a sidechain). */
async function sidechainsOf(file: string, input: TranscriptInputOptions): Promise<{ start: number; sidechains: string[] }> {
  const transcript = await readClaudeCodeTranscript(file, input);
  const first = transcript.entries[0];
  const start = first === undefined ? Infinity : Date.parse(first.timestamp);
  const sessionId = first?.sessionId;
  if (sessionId === undefined || transcript.entries.some((entry) => entry.isSidechain === true)) return { start, sidechains: [] };
  return { start, sidechains: await findSidechainFiles(file, sessionId) };
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
    const starts = new Map<string, number>();
    for (const input of inputs) {
      const { start, sidechains } = await sidechainsOf(input.file, { label: input.label, ...limit });
      starts.set(input.file, start);
      for (const sidechain of sidechains) covered.add(path.resolve(sidechain));
    }
    // Sessions are replayed in the order they started, so each first request may rest on the heads
    // earlier sessions of the input showed; the trees are returned in the order of the inputs.
    const heads = new HeadEvidence();
    const order = inputs.map((_, index) => index).sort((a, b) => starts.get(inputs[a]!.file)! - starts.get(inputs[b]!.file)! || a - b);
    const trees: (SessionTreeAnalysis | undefined)[] = inputs.map(() => undefined);
    for (const index of order) {
      const input = inputs[index]!;
      if (input.named === true || !covered.has(path.resolve(input.file))) {
        const { policy, note } = choosePolicy(options.policy, 'anthropic', options.policyByName);
        const tree = await analyzeClaudeCodeSession(input.file, { policy, heads, ...limit, ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}) });
        trees[index] = note ? { ...tree, notes: [...tree.notes, note] } : tree;
      }
      options.onFile?.(input.label);
    }
    return trees.filter((tree) => tree !== undefined);
  },
};
