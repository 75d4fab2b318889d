import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { PrefixTokenCounter } from '../../prefix/index.js';
import { DeepSeekV4Tokenizer } from '../deepseek/deepseek-tokenizer.js';
import { DeepSeekV4Renderer } from '../deepseek/render-v4.js';
import { analyzeDshSessionTree } from '../dsh/analyze-dsh-session-tree.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import { choosePolicy } from '../shipped-policies/policy-choice.js';
import { isRootLogName, isTreeLogName } from '../../providers/session/index.js';
import { failedInput, keepSettled, type ReaderInput, type ReaderOptions } from '../inputs/session-reader.js';
import { inputLimit } from '../../providers/input/input-chunks.js';

/**
 * What an input replays as, and how errors name it: a folder; the folder of a log named as a tree's
 * logs are when its root `session.jsonl` sits beside it; otherwise the log alone (see `isTreeLogName`).
 */
async function treeOf(input: ReaderInput): Promise<{ readonly target: string; readonly label: string }> {
  if ((await stat(input.file)).isDirectory()) return { target: input.file, label: input.label };
  const folder = path.dirname(input.file);
  if (isTreeLogName(input.file) && (await readdir(folder)).some((name) => isRootLogName(name))) return { target: folder, label: path.dirname(input.label) };
  return { target: input.file, label: input.label };
}

/**
 * DSH session trees (`session.jsonl` and its children, plain or zstd), each replayed whole by
 * `analyzeDshSessionTree`; several logs of one folder are one tree. One DeepSeek counter and renderer
 * serve every tree of the run: the DeepSeek tokenizer is slow, and both remember what they have seen.
 */
export async function analyzeDshInputs(inputs: readonly ReaderInput[], options: ReaderOptions): Promise<SessionTreeAnalysis[]> {
  const deepseekCounter = new PrefixTokenCounter(new DeepSeekV4Tokenizer());
  const deepseekRenderer = new DeepSeekV4Renderer();
  const done = new Set<string>();
  const trees: SessionTreeAnalysis[] = [];
  for (const input of inputs) {
    const { target, label } = await treeOf(input);
    if (!done.has(target)) {
      done.add(target);
      const { policy, note } = choosePolicy(options.policy, 'deepseek', options.policyByName);
      const shared = { label, policy, deepseekCounter, deepseekRenderer };
      const optional = {
        ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}),
        ...inputLimit(options),
        ...(options.calibrate ? { calibrate: options.calibrate } : {}),
        ...(options.host ? { host: options.host } : {}),
      };
      try {
        await keepSettled(trees, await analyzeDshSessionTree(target, { ...shared, ...optional }), note, options);
      } catch (error) {
        failedInput(input, error, options);
      }
    }
    options.onFile?.(input.label);
  }
  return trees;
}
