import path from 'node:path';
import type { Tokenizer } from '../../prefix/index.js';
import type { AnalyzeResult } from './analyze-paths.js';
import type { PolicyLookup } from '../shipped-policies/policy-choice.js';
import { treeDuplication, type TreeDuplication } from '../duplication/tree-duplication.js';
import type { CachePolicy } from '../policies/cache-policy.js';
import type { RequestAnalysis, SessionTreeAnalysis } from '../result/session-analysis.js';
import { isClaudeCodeTree, mergeLossRows, treeLossByCause, type CauseRow } from './lost-by-cause.js';
import { decodeProjectFolder, projectMatches, projectsFoldersRead } from '../claude-code/projects-folder.js';
import { rollUp, type RollUpKey, type RollUpRow, type TreeLabel } from './roll-up.js';
import { readSessionLabel, type SessionLabel } from '../claude-code/session-label.js';
import { readRolloutLabel } from '../codex/rollout-label.js';
import { inWindow, type TimeWindow, type ZonedClock } from './time-window.js';
import type { ForkReplay } from '../claude-code/fork-replay.js';
import { forkableSubagents, forkWhatIf, sumForkWhatIfs, sumTtlWhatIfs, ttlWhatIf, type ForkWhatIf, type TtlWhatIf } from './what-if.js';
import { inputLimit, type InputLimit } from '../../providers/input/input-chunks.js';

/** What the report adds to one tree: its name, where its cache went, and its what-ifs. */
export interface TreeReport {
  readonly label: TreeLabel;
  readonly byCause: readonly CauseRow[];
  /** The same requests replayed under a 1-hour TTL (null unless asked for, or not an Anthropic tree). */
  readonly ttl: TtlWhatIf | null;
  /** Its children forked instead of spawned (null without children). */
  readonly fork: ForkWhatIf | null;
  /** Models of its requests the prices had no row for, with what priced them instead. */
  readonly missingPrices: readonly MissingPrice[];
  /** Its subagents that `--fork` replays as forks (`forkableSubagents`), in the window: what the report offers to replay. */
  readonly forkable: number;
}

/** A model with no price row: how many requests it priced, and what priced them instead (the stand-in row's source). */
export interface MissingPrice {
  readonly model: string;
  readonly requests: number;
  readonly usedInstead: string;
}

/** The models of a tree's requests that its policy has no price row for (`standInFor`), with what priced them. */
export function missingPricesOf(tree: SessionTreeAnalysis, policy: CachePolicy): MissingPrice[] {
  const found = new Map<string, { requests: number; usedInstead: string }>();
  for (const session of tree.sessions) {
    for (const request of session.requests) {
      const prices = policy.pricesFor(request.route.model, request.time === null ? undefined : new Date(request.time));
      if (prices.standInFor === undefined) continue;
      const entry = found.get(request.route.model) ?? { requests: 0, usedInstead: prices.source };
      entry.requests++;
      found.set(request.route.model, entry);
    }
  }
  return [...found].map(([model, entry]) => ({ model, ...entry }));
}

/** Missing prices of several trees merged by model. */
function mergeMissingPrices(lists: readonly (readonly MissingPrice[])[]): MissingPrice[] {
  const merged = new Map<string, MissingPrice>();
  for (const list of lists) for (const entry of list) {
    const known = merged.get(entry.model);
    merged.set(entry.model, known === undefined ? entry : { ...known, requests: known.requests + entry.requests });
  }
  return [...merged.values()].sort((a, b) => b.requests - a.requests || (a.model < b.model ? -1 : 1));
}

/** "Where the cache went" and the roll-ups, over every tree of an analysis. */
export interface AnalyzeReport {
  /** The Claude Code projects folders the trees were read from, however they were named (null when no tree is a Claude Code session). */
  readonly folders: readonly string[] | null;
  /** The window requests were kept in, as ISO instants, and the time zone days are read in. */
  /** `timeZone`: the zone `--since`, `--until` and day rows were read in; null when nothing was read in one. */
  readonly window: { readonly since: string | null; readonly until: string | null; readonly timeZone: string | null };
  /** One per tree of the result, in the same order. */
  readonly trees: readonly TreeReport[];
  readonly byCause: readonly CauseRow[];
  readonly whatIf: { readonly ttl: TtlWhatIf | null; readonly fork: ForkWhatIf | null };
  /** The prices used: every model with no price row, with what priced it instead (never silently another model's). */
  readonly prices: { readonly missing: readonly MissingPrice[] };
  /** Cache-write tokens the input logged, and how many of them were 1-hour writes (`--ttl 1h` is offered only where some were not). */
  readonly loggedWrites: { readonly total: number; readonly oneHour: number };
  /** Subagents over every tree that `--fork` would replay as forks (0: the report offers no fork what-if). */
  readonly forkableSubagents: number;
  /** The `--by` table (null without `--by`). */
  readonly rollUp: { readonly by: RollUpKey; readonly rows: readonly RollUpRow[] } | null;
}

/** An analysis with its report. */
export type ReportedAnalysis = AnalyzeResult & { readonly report: AnalyzeReport };

/** How a tree is settled into a report. */
export interface SettleOptions {
  readonly window: TimeWindow;
  /** Keep each request's segments (for `--segments` and the HTML picture); otherwise they are dropped once the tree is summed. */
  readonly keepSegments: boolean;
}

/** The tree with only the requests in the window (null when none is); sessions left empty are dropped, the root kept. */
export function windowedTree(tree: SessionTreeAnalysis, window: TimeWindow): SessionTreeAnalysis | null {
  if (window.since === null && window.until === null) return tree;
  const sessions = tree.sessions
    .map((session) => ({ ...session, requests: session.requests.filter((request) => inWindow(request.time, window)) }))
    .filter((session, at) => at === 0 || session.requests.length > 0);
  return sessions.some((session) => session.requests.length > 0) ? { ...tree, sessions } : null;
}

function withoutSegments(tree: SessionTreeAnalysis): SessionTreeAnalysis {
  const strip = ({ segments: _segments, ...request }: RequestAnalysis): RequestAnalysis => request;
  return { ...tree, sessions: tree.sessions.map((session) => ({ ...session, requests: session.requests.map(strip) })) };
}

/**
 * Sums one tree as soon as it is replayed: the window applied, its loss by cause, its duplication
 * account (it reads segments), then the segments dropped unless kept, so a long run holds only the
 * small per-request records. `alternative` is the same tree replayed under the 1-hour TTL, when
 * asked for; `fork` the tree replayed with its children forked (`replayForked`), when it has any.
 */
export function settleTree(
  tree: SessionTreeAnalysis,
  policy: CachePolicy,
  label: TreeLabel,
  options: SettleOptions,
  alternative?: { readonly tree: SessionTreeAnalysis; readonly policy: CachePolicy },
  fork?: ForkReplay | null,
): { tree: SessionTreeAnalysis; duplication: TreeDuplication | null; report: TreeReport } | null {
  const kept = windowedTree(tree, options.window);
  if (kept === null) return null;
  const other = alternative === undefined ? null : windowedTree(alternative.tree, options.window);
  const report: TreeReport = {
    label,
    byCause: treeLossByCause(kept, policy),
    ttl: other === null || alternative === undefined ? null : ttlWhatIf(kept, policy, other, alternative.policy),
    fork: forkedWhatIf(fork ?? null, options.window, policy),
    missingPrices: missingPricesOf(kept, policy),
    forkable: [...forkableSubagents(tree)].filter((file) => kept.sessions.some((session) => session.file === file && session.requests.length > 0)).length,
  };
  const duplication = treeDuplication(kept, policy);
  return { tree: options.keepSegments ? kept : withoutSegments(kept), duplication, report };
}

/** The fork what-if of a tree, both replays in the same window. */
function forkedWhatIf(fork: ForkReplay | null, window: TimeWindow, policy: CachePolicy): ForkWhatIf | null {
  if (fork === null) return null;
  const spawned = windowedTree(fork.spawned, window);
  const forked = windowedTree(fork.forked, window);
  return spawned === null || forked === null ? null : forkWhatIf(spawned, forked, policy, fork.forkedFiles);
}

/**
 * The project and title of a tree: a Claude Code root transcript's `cwd` and summary, else its folder.
 * `known` is the root transcript's label when it was read with the transcript (no second read).
 */
export async function treeLabel(tree: SessionTreeAnalysis, known?: SessionLabel): Promise<TreeLabel> {
  const root = tree.sessions[0];
  if (root === undefined) return { project: null, title: null };
  if (root.format === 'codex') return readRolloutLabel(root.file).catch(() => ({ cwd: null, title: null })).then((label) => ({ project: label.cwd ?? path.dirname(root.file), title: label.title }));
  if (root.format !== 'claude-code') return { project: path.dirname(root.file), title: null };
  const label = known ?? (await readSessionLabel(root.file).catch(() => ({ cwd: null, title: null })));
  return { project: label.cwd ?? decodeProjectFolder(path.basename(path.dirname(root.file))), title: label.title };
}

/** The logged cache writes of the trees, and their 1-hour part. */
function loggedWrites(trees: readonly SessionTreeAnalysis[]): { total: number; oneHour: number } {
  let total = 0;
  let oneHour = 0;
  for (const tree of trees) {
    for (const session of tree.sessions) {
      for (const request of session.requests) {
        total += request.observed?.cacheWrite ?? 0;
        oneHour += request.observed?.cacheWrite1h ?? 0;
      }
    }
  }
  return { total, oneHour };
}

/** The report's whole-run part, from the settled trees. */
export function assembleReport(
  settled: readonly { readonly tree: SessionTreeAnalysis; readonly report: TreeReport }[],
  folders: readonly string[] | null,
  window: TimeWindow,
  clock: ZonedClock,
  by: RollUpKey | undefined,
): AnalyzeReport {
  const reports = settled.map((entry) => entry.report);
  const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());
  // Rolled up first: day rows read the clock, and the window names its zone only once something did.
  const rows = by === undefined ? null : { by, rows: rollUp(settled.map((entry) => entry.tree), reports.map((report) => report.label), by, clock) };
  return {
    folders,
    window: { since: iso(window.since), until: iso(window.until), timeZone: clock.timeZoneInUse },
    trees: reports,
    byCause: mergeLossRows(reports.map((report) => report.byCause), settled.length > 0 && settled.every((entry) => isClaudeCodeTree(entry.tree))),
    whatIf: {
      ttl: sumTtlWhatIfs(reports.flatMap((report) => (report.ttl === null ? [] : [report.ttl]))),
      fork: sumForkWhatIfs(reports.flatMap((report) => (report.fork === null ? [] : [report.fork]))),
    },
    rollUp: rows,
    forkableSubagents: reports.reduce((sum, report) => sum + report.forkable, 0),
    loggedWrites: loggedWrites(settled.map((entry) => entry.tree)),
    prices: { missing: mergeMissingPrices(reports.map((report) => report.missingPrices)) },
  };
}

/** Options of `reportAnalysis`. */
export interface ReportOptions extends SettleOptions, InputLimit {
  readonly policyByName: PolicyLookup;
  readonly clock: ZonedClock;
  readonly by?: RollUpKey;
  /** Keep only trees whose project contains this, in any case. */
  readonly project?: string;
  /** Replay Claude Code trees with subagents again with them forked (`replayForked`), with the tokenizer and input limit the paths were analysed with. */
  readonly forkWhatIf?: boolean;
  readonly tokenizer?: Tokenizer;
  /** The same paths analysed under the 1-hour TTL, tree for tree (`--ttl 1h`). */
  readonly alternative?: { readonly result: AnalyzeResult; readonly policyByName: PolicyLookup };
}

type SettledTree = { tree: SessionTreeAnalysis; duplication: TreeDuplication | null; report: TreeReport };

/** One tree of an analysis of given paths settled into the report: null when outside `--project` or the window. */
async function settleGiven(tree: SessionTreeAnalysis, options: ReportOptions, other?: SessionTreeAnalysis): Promise<SettledTree | null> {
  const label = await treeLabel(tree, tree.label);
  if (options.project !== undefined && !projectMatches(label.project ?? '', options.project)) return null;
  const alternative = other === undefined || tree.policy !== 'anthropic' ? undefined : { tree: other, policy: options.alternative!.policyByName(other.policy) };
  const policy = options.policyByName(tree.policy);
  // The Claude Code replay loads only for `--fork`: a DSH folder or a run without the what-if never compiles it (the cold start is benched).
  const fork = options.forkWhatIf !== true ? null : await (await import('../claude-code/fork-replay.js')).replayForked(tree, { policy, ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}), ...inputLimit(options) });
  return settleTree(tree, policy, label, options, alternative, fork);
}

function reported(result: AnalyzeResult, settled: readonly SettledTree[], options: ReportOptions): ReportedAnalysis {
  return {
    trees: settled.map((entry) => entry.tree),
    duplications: settled.map((entry) => entry.duplication),
    skipped: result.skipped,
    currency: result.currency,
    report: assembleReport(settled, projectsFoldersRead(settled.map((entry) => entry.tree)), options.window, options.clock, options.by),
  };
}

/**
 * The report of an analysis of given paths: every tree settled (window, loss by cause, what-ifs,
 * segments dropped unless kept) and summed. Trees left with no request in the window, or outside
 * `--project`, are left out, with their duplication accounts.
 */
export async function reportAnalysis(result: AnalyzeResult, options: ReportOptions): Promise<ReportedAnalysis> {
  const settled: SettledTree[] = [];
  for (const [at, tree] of result.trees.entries()) {
    const entry = await settleGiven(tree, options, options.alternative?.result.trees[at]);
    if (entry !== null) settled.push(entry);
  }
  return reported(result, settled, options);
}

/**
 * The same report, settled tree by tree while the paths are analysed: `analyse` runs the analysis
 * with the given `settle` (`analyzePaths(paths, { ...options, settle })`), so each tree is summed
 * and its segments dropped as soon as it is replayed, and a folder of many sessions never holds them
 * all whole. Not with `alternative`: that pairs two whole analyses tree for tree.
 */
export async function reportAsAnalysed(
  analyse: (settle: (tree: SessionTreeAnalysis) => Promise<SessionTreeAnalysis | null>) => Promise<AnalyzeResult>,
  options: Omit<ReportOptions, 'alternative'>,
): Promise<ReportedAnalysis> {
  const entries = new Map<SessionTreeAnalysis, SettledTree>();
  const result = await analyse(async (tree) => {
    const entry = await settleGiven(tree, options);
    if (entry !== null) entries.set(entry.tree, entry);
    return entry?.tree ?? null;
  });
  // In the order the analysis gives its trees (its inputs' order), whatever order they were replayed in.
  return reported(result, result.trees.map((tree) => entries.get(tree)!), options);
}
