import path from 'node:path';
import { analyzeClaudeCodeSession } from '../claude-code/analyze-claude-code-session.js';
import { findSidechainFiles, SidechainIndex, transcriptHead } from '../claude-code/find-sidechains.js';
import { HeadEvidence } from '../claude-code/head-evidence.js';
import type { TranscriptInputOptions } from '../claude-code/transcript-entry.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import { choosePolicy } from './policy-choice.js';
import { failedInput, type ReaderInput, type ReaderOptions } from './session-readers.js';
import { inputLimit } from '../../providers/input/input-chunks.js';

/**
 * The sidechain files of a main transcript (none for a transcript that is itself a sidechain),
 * judged from its first line with a `sessionId`, and when it started (that line's time): the whole
 * transcript is read once, by its replay.
 */
async function sidechainsOf(file: string, input: TranscriptInputOptions, index: SidechainIndex): Promise<{ start: number; sidechains: string[] }> {
  const head = await transcriptHead(file, input);
  const start = head?.start ?? Infinity;
  if (head === undefined || head.isSidechain) return { start, sidechains: [] };
  return { start, sidechains: await findSidechainFiles(file, head.sessionId, index) };
}

/**
 * Claude Code transcripts, each replayed with its subagents as one tree (`analyzeClaudeCodeSession`).
 * A subagent transcript met while walking a folder is read through its main transcript, not twice.
 */
export async function analyzeClaudeCodeInputs(inputs: readonly ReaderInput[], options: ReaderOptions): Promise<SessionTreeAnalysis[]> {
  const limit = inputLimit(options);
  const covered = new Set<string>();
  const starts = new Map<string, number>();
  const sidechainIndex = new SidechainIndex(limit);
  for (const input of inputs) {
    const { start, sidechains } = await sidechainsOf(input.file, { label: input.label, ...limit }, sidechainIndex);
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
      try {
        const replayed = await analyzeClaudeCodeSession(input.file, { policy, heads, sidechainIndex, label: input.label, ...limit, ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}) });
        const tree = note ? { ...replayed, notes: [...replayed.notes, note] } : replayed;
        trees[index] = options.settle ? ((await options.settle(tree)) ?? undefined) : tree;
      } catch (error) {
        failedInput(input, error, options);
      }
    }
    options.onFile?.(input.label);
  }
  return trees.filter((tree) => tree !== undefined);
}
