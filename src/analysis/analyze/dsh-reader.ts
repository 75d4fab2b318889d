import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PrefixTokenCounter } from '../../prefix/index.js';
import { DeepSeekV4Tokenizer } from '../deepseek/deepseek-tokenizer.js';
import { DeepSeekV4Renderer } from '../deepseek/render-v4.js';
import { analyzeDshSessionTree } from '../dsh/analyze-dsh-session-tree.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import { choosePolicy } from './policy-choice.js';
import { isDshSession, type SessionReader } from './session-readers.js';

/** The folder of a DSH session tree: the input itself, or the folder a log sits in. */
async function treeFolder(file: string): Promise<string> {
  return (await stat(file)).isDirectory() ? file : path.dirname(file);
}

/**
 * DSH session trees (`session.jsonl` and its children, plain or zstd), each replayed whole by
 * `analyzeDshSessionTree`; several logs of one folder are one tree. One DeepSeek counter and renderer
 * serve every tree of the run: the DeepSeek tokenizer is slow, and both remember what they have seen.
 */
export const dshReader: SessionReader = {
  name: 'dsh',
  reads: 'DSH session folders and logs (session.jsonl[.zstd] and children session.<n>.jsonl)',
  claims: isDshSession,
  async analyze(inputs, options) {
    const deepseekCounter = new PrefixTokenCounter(new DeepSeekV4Tokenizer());
    const deepseekRenderer = new DeepSeekV4Renderer();
    const done = new Set<string>();
    const trees: SessionTreeAnalysis[] = [];
    for (const input of inputs) {
      const folder = await treeFolder(input.file);
      if (!done.has(folder)) {
        done.add(folder);
        const { policy, note } = choosePolicy(options.policy, 'deepseek', options.policyByName);
        const tree = await analyzeDshSessionTree(folder, {
          policy,
          deepseekCounter,
          deepseekRenderer,
          ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}),
          ...(options.maxInputBytes === undefined ? {} : { maxInputBytes: options.maxInputBytes }),
          ...(options.calibrate ? { calibrate: options.calibrate } : {}),
        });
        trees.push(note ? { ...tree, notes: [...tree.notes, note] } : tree);
      }
      options.onFile?.(input.label);
    }
    return trees;
  },
};
