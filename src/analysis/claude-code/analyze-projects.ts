import { byCodeUnits } from './code-unit-order.js';
import path from 'node:path';
import { KvprefixError, type Tokenizer } from '../../prefix/index.js';
import { choosePolicy, type PolicyChoice, type PolicyLookup } from '../analyze/policy-choice.js';
import type { TreeDuplication } from '../duplication/tree-duplication.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import { readTree, replayStates, sessionState } from './analyze-claude-code-session.js';
import { replayForked } from './fork-replay.js';
import { SidechainIndex, transcriptHead } from './find-sidechains.js';
import { HeadEvidence } from './head-evidence.js';
import { assembleReport, settleTree, treeLabel, type ReportedAnalysis, type SettleOptions, type TreeReport } from './analyze-report.js';
import { listClaudeCodeProjects } from './projects-folder.js';
import type { RollUpKey, TreeLabel } from './roll-up.js';
import type { ZonedClock } from './time-window.js';
import { runCountMemo } from './run-count-memo.js';
import { oneHourTtlPolicy } from './what-if.js';
import { inputLimit, type InputLimit } from '../../providers/input/input-chunks.js';

/** Options of `analyzeClaudeCodeProjects`. */
export interface ProjectsOptions extends SettleOptions, InputLimit {
  /** The projects folders (`claudeProjectsFolders(process.env)`). */
  readonly folders: readonly string[];
  readonly policy?: PolicyChoice;
  readonly policyByName: PolicyLookup;
  readonly clock: ZonedClock;
  readonly by?: RollUpKey;
  /** Keep only projects whose folder or decoded name contains this. */
  readonly project?: string;
  /** Also replay every session under the 1-hour TTL and set the two side by side. */
  readonly ttlWhatIf?: boolean;
  /** Also replay every tree with subagents with them forked from their parent instead (`replayForked`) and set the two side by side. */
  readonly forkWhatIf?: boolean;
  /** Block sizes before calibration: this tokenizer's counts (default: Anthropic's characters-per-token rule). */
  readonly tokenizer?: Tokenizer;
  /** Called after each transcript: files done, files in all, the file just read, requests replayed so far. */
  readonly onProgress?: (done: number, total: number, file: string, requests: number) => void;
  /**
   * Called with each tree as soon as it is settled (window applied, segments dropped unless kept),
   * with its label; false leaves it out of the result, so a caller that writes each tree out as the
   * run goes (`--format jsonl`) holds none of them.
   */
  readonly onTree?: (tree: SessionTreeAnalysis, label: TreeLabel) => boolean;
}

/**
 * Analyses every session of Claude Code's projects folders: each main transcript with its subagents
 * as one tree, settled as soon as it is replayed (window, loss by cause, what-ifs; segments dropped
 * unless kept), so memory holds the per-request records and never a whole run's segment lists. A
 * transcript that cannot be read is skipped with its reason, never the end of the run; one with no
 * API call (summaries only) is listed as skipped too, so nothing leaves silently.
 */
export async function analyzeClaudeCodeProjects(options: ProjectsOptions): Promise<ReportedAnalysis> {
  const projects = await listClaudeCodeProjects(options.folders, options.project);
  const { policy, note } = choosePolicy(options.policy ?? 'auto', 'anthropic', options.policyByName);
  const hour = options.ttlWhatIf === true && policy.name === 'anthropic' ? oneHourTtlPolicy(policy) : undefined;
  const limit = inputLimit(options);
  // One index of agent files for the run: each is read once, not once per main transcript of its folder.
  // A tokenizer given is counted through one memo for the run (the character estimate needs none).
  const counting = options.tokenizer === undefined ? {} : { tokenizer: runCountMemo(options.tokenizer) };
  const input = { sidechainIndex: new SidechainIndex(limit), ...limit };
  const settled: { tree: SessionTreeAnalysis; duplication: TreeDuplication | null; report: TreeReport }[] = [];
  const skipped: { file: string; reason: string }[] = [];
  const read = new Set<string>();
  const total = projects.reduce((sum, project) => sum + project.transcripts.length + project.subagents.length, 0);
  let done = 0;
  let requests = 0;
  // One account's sessions share a cache: a first request may read a head another session of the
  // folder sent within its TTL (each policy keeps its own record, as its TTLs differ).
  const heads = new HeadEvidence();
  const hourHeads = new HeadEvidence();
  async function analyze(file: string): Promise<void> {
    try {
      const transcripts = await readTree(file, true, limit, input.sidechainIndex);
      // Each replay gets fresh session states (they carry what the replay learns) over the same transcripts.
      const states = () => Promise.all(transcripts.map((transcript) => sessionState(transcript, {}, limit)));
      const replayed = replayStates(await states(), { policy, heads, ...counting });
      for (const session of replayed.sessions) read.add(path.resolve(session.file));
      if (replayed.sessions.every((session) => session.requests.length === 0)) {
        skipped.push({ file, reason: 'no API call in it (summaries or bookkeeping only)' });
      } else {
        const tree = note === undefined ? replayed : { ...replayed, notes: [...replayed.notes, note] };
        const alternative = hour === undefined ? undefined : { tree: replayStates(await states(), { policy: hour, heads: hourHeads, ...counting }), policy: hour };
        // Right after the tree's own replay, so the fork replay rests on the same head evidence.
        const fork = options.forkWhatIf === true ? await replayForked(tree, { policy, heads, transcripts, ...counting }) : null;
        const entry = settleTree(tree, policy, await treeLabel(tree, transcripts[0]?.label), options, alternative, fork);
        if (entry !== null && (options.onTree?.(entry.tree, entry.report.label) ?? true)) settled.push(entry);
        for (const session of tree.sessions) requests += session.requests.length;
      }
    } catch (error) {
      // One broken transcript must not end a run over a whole folder: it is listed with its reason.
      if (!(error instanceof KvprefixError)) throw error;
      skipped.push({ file, reason: error.message.startsWith(`${file}: `) ? error.message.slice(file.length + 2) : error.message });
    }
  }
  for (const project of projects) {
    // In the order the sessions started, so that the heads each first request may rest on were seen.
    const starts = new Map<string, number>();
    for (const file of project.transcripts) starts.set(file, (await transcriptHead(file, input))?.start ?? Infinity);
    const transcripts = [...project.transcripts].sort((a, b) => starts.get(a)! - starts.get(b)! || byCodeUnits(a, b));
    for (const file of transcripts) {
      await analyze(file);
      options.onProgress?.(++done, total, path.basename(file), requests);
    }
    // A subagent file whose main session is not in the folder (deleted, or never written) is its own tree.
    for (const file of project.subagents) {
      if (!read.has(path.resolve(file))) await analyze(file);
      options.onProgress?.(++done, total, path.basename(file), requests);
    }
  }
  const currency = settled[0] === undefined ? 'USD' : policy.pricesFor(settled[0].tree.sessions.flatMap((session) => session.requests)[0]!.route.model).currency;
  return {
    trees: settled.map((entry) => entry.tree),
    duplications: settled.map((entry) => entry.duplication),
    skipped,
    currency,
    report: assembleReport(settled, options.folders, options.window, options.clock, options.by),
  };
}
