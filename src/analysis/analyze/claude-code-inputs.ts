import path from 'node:path';
import { InputError } from '../../prefix/index.js';
import { analyzeClaudeCodeSession } from '../claude-code/analyze-claude-code-session.js';
import { byCodeUnits } from '../claude-code/code-unit-order.js';
import { findSidechainFiles, SidechainIndex, transcriptHead } from '../claude-code/find-sidechains.js';
import { HeadEvidence } from '../claude-code/head-evidence.js';
import { isSubagentMetadata, projectFolderOf } from '../claude-code/projects-folder.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import { choosePolicy } from '../shipped-policies/policy-choice.js';
import { failedInput, keepSettled, type ReaderInput, type ReaderOptions } from '../inputs/session-reader.js';
import { inputLimit } from '../../providers/input/input-chunks.js';

/** A transcript that is replayed as the root of a tree: a main session, or a subagent whose main session is not in the input. */
interface Root {
  readonly input: ReaderInput;
  /** When it started (its first conversation entry's time; Infinity when unknown). */
  readonly start: number;
}

/**
 * The roots of the input, by project folder. Discovery has already turned what the user named (the
 * projects folder, a project, transcripts) into transcript files; here each main transcript
 * becomes a root with its subagents (in every layout: in the file, `agent-*.jsonl` beside it,
 * `<session>/subagents/`), and a subagent whose main transcript is not in the input (deleted, or
 * not named) becomes a root of its own. A subagent's `.meta.json` is metadata read with its
 * transcript, never an input.
 */
async function rootsByProject(inputs: readonly ReaderInput[], options: ReaderOptions, index: SidechainIndex): Promise<Map<string, Root[]>> {
  const limit = inputLimit(options);
  const covered = new Set<string>();
  const heads: { input: ReaderInput; start: number; sidechain: boolean }[] = [];
  for (const input of inputs) {
    if (isSubagentMetadata(input.file)) {
      if (input.named === true) {
        const transcript = path.basename(input.file).replace(/\.meta\.json$/, '.jsonl');
        throw new InputError('input/subagent-metadata', `a subagent's metadata (its agent type), read with its transcript: name ${transcript} or its session instead`, { source: input.label });
      }
      options.onFile?.(input.label);
      continue;
    }
    const head = await transcriptHead(input.file, { label: input.label, ...limit });
    heads.push({ input, start: head?.start ?? Infinity, sidechain: head?.isSidechain === true });
    if (head !== undefined && !head.isSidechain) {
      for (const sidechain of await findSidechainFiles(input.file, head.sessionId, index)) covered.add(path.resolve(sidechain));
    }
  }
  const projects = new Map<string, Root[]>();
  for (const { input, start, sidechain } of heads) {
    // A subagent met through its main transcript is read with it, named or found by walking.
    if (sidechain && covered.has(path.resolve(input.file))) continue;
    const project = projectFolderOf(path.resolve(input.file));
    projects.set(project, [...(projects.get(project) ?? []), { input, start }]);
  }
  return projects;
}

/**
 * Claude Code transcripts, each main session replayed with its subagents as one tree
 * (`analyzeClaudeCodeSession`), and each subagent whose session is not in the input alone. Trees
 * come project folder by project folder (in code-unit order of the folder), and within a project
 * in the order the sessions started, however the files were named: `analyze`, `analyze <projects
 * folder>`, `analyze <project>` and `analyze <transcripts…>` of the same files give the same trees.
 * A first request may read a head another session of its project sent within its TTL; nothing is
 * carried from one project to another (each project's sessions send their own working directory in
 * the system prompt, so their heads differ).
 */
export async function analyzeClaudeCodeInputs(inputs: readonly ReaderInput[], options: ReaderOptions): Promise<SessionTreeAnalysis[]> {
  const limit = inputLimit(options);
  const sidechainIndex = new SidechainIndex(limit);
  const projects = await rootsByProject(inputs, options, sidechainIndex);
  const trees: SessionTreeAnalysis[] = [];
  const { policy, note } = choosePolicy(options.policy, 'anthropic', options.policyByName);
  for (const project of [...projects.keys()].sort(byCodeUnits)) {
    const heads = new HeadEvidence();
    const roots = projects.get(project)!.sort((a, b) => a.start - b.start || byCodeUnits(a.input.file, b.input.file));
    for (const { input } of roots) {
      try {
        const replayed = await analyzeClaudeCodeSession(input.file, { policy, heads, sidechainIndex, label: input.label, ...limit, ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}) });
        if (replayed.sessions.every((session) => session.requests.length === 0)) {
          // Listed, not an empty tree: a transcript of summaries or bookkeeping sent nothing.
          options.skip?.(input.label, 'no API call in it (empty, or bookkeeping entries only)');
        } else {
          await keepSettled(trees, replayed, note, options);
        }
      } catch (error) {
        failedInput(input, error, options);
      }
      options.onFile?.(input.label);
    }
  }
  return trees;
}
