import type { Tokenizer } from '../../prefix/index.js';
import { reportAnalysis, reportAsAnalysed, type ReportedAnalysis, type SettleOptions } from './analyze-report.js';
import { checkProjectsFolders } from '../claude-code/projects-folder.js';

export { checkProjectsFolders };
import type { RollUpKey } from './roll-up.js';
import type { ZonedClock } from './time-window.js';
import { oneHourTtlPolicy } from './what-if.js';
import { analyzePaths, type AnalyzeOptions } from './analyze-paths.js';
import type { PolicyChoice, PolicyLookup } from '../shipped-policies/policy-choice.js';
import type { InputLimit } from '../../providers/input/input-chunks.js';

/** Options of `analyzeAndReport`: how the paths are read, and what the report adds. */
export interface AnalyzeRunOptions extends AnalyzeOptions, SettleOptions {
  readonly clock: ZonedClock;
  readonly by?: RollUpKey;
  /** Keep only trees whose project contains this. */
  readonly project?: string;
  /** Also replay every Anthropic tree under the 1-hour TTL and set the two side by side (`--ttl 1h`). */
  readonly ttlWhatIf?: boolean;
  /** Also replay every Claude Code tree with subagents with them forked from their parent instead (`--fork`). */
  readonly forkWhatIf?: boolean;
}

/**
 * `kvprefix analyze`: the paths read (discovery), each input dispatched to its reader, every tree
 * replayed and settled into the report. With no path the CLI passes Claude Code's projects folders
 * as the paths, so a folder is read by the same code however it was named.
 */
export async function analyzeAndReport(paths: readonly string[], options: AnalyzeRunOptions): Promise<ReportedAnalysis> {
  const { policyByName } = options;
  const reportOptions = {
    window: options.window,
    keepSegments: options.keepSegments,
    clock: options.clock,
    policyByName,
    ...(options.by === undefined ? {} : { by: options.by }),
    ...(options.project === undefined ? {} : { project: options.project }),
    ...(options.forkWhatIf === undefined ? {} : { forkWhatIf: options.forkWhatIf }),
    ...(options.tokenizer === undefined ? {} : { tokenizer: options.tokenizer }),
    ...(options.maxInputBytes === undefined ? {} : { maxInputBytes: options.maxInputBytes }),
  };
  if (options.ttlWhatIf === true) {
    // The 1-hour what-if pairs two whole analyses tree for tree. Both replay watch records from the
    // policy input they keep, so the pair differs by the TTL alone, as two replays of a transcript do.
    const base = await analyzePaths(paths, { ...options, replayWatchRecords: true });
    const hourly: PolicyLookup = (name) => (name === 'anthropic' ? oneHourTtlPolicy(policyByName(name)) : policyByName(name));
    const alternative = { result: await analyzePaths(paths, { ...options, replayWatchRecords: true, policyByName: hourly, onProgress: () => {} }), policyByName: hourly };
    return reportAnalysis(base, { ...reportOptions, alternative });
  }
  // Each tree is settled as soon as it is replayed: memory holds the report's rows, not every tree whole.
  return reportAsAnalysed((settle) => analyzePaths(paths, { ...options, settle }), reportOptions);
}

/** Options of `analyzeClaudeCodeProjects`. */
export interface ProjectsOptions extends SettleOptions, InputLimit {
  /** The projects folders (`claudeProjectsFolders(process.env)`). */
  readonly folders: readonly string[];
  readonly policy?: PolicyChoice;
  readonly policyByName: PolicyLookup;
  readonly clock: ZonedClock;
  readonly by?: RollUpKey;
  /** Keep only projects whose name contains this. */
  readonly project?: string;
  readonly ttlWhatIf?: boolean;
  readonly forkWhatIf?: boolean;
  /** Block sizes before calibration: this tokenizer's counts (default: Anthropic's characters-per-token rule). */
  readonly tokenizer?: Tokenizer;
  /** Called after each file: files done, files in all, the file just read, requests replayed so far. */
  readonly onProgress?: (done: number, total: number, file: string, requests: number) => void;
}

/**
 * Every session of Claude Code's projects folders (`analyze` with no path): the folders must exist
 * (a missing one is an InputError naming it), then they are read as `analyzeAndReport` reads any
 * folder named.
 */
export async function analyzeClaudeCodeProjects(options: ProjectsOptions): Promise<ReportedAnalysis> {
  await checkProjectsFolders(options.folders);
  const { folders, ...rest } = options;
  return analyzeAndReport(folders, rest);
}
