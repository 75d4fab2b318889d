import { stat } from 'node:fs/promises';
import { InputError } from '../../prefix/errors.js';
import { analyzeClaudeCodeProjects, type ProjectsOptions } from '../claude-code/analyze-projects.js';
import { reportAsAnalysed, type ReportedAnalysis } from '../claude-code/analyze-report.js';
import { mergeLossRows } from '../claude-code/lost-by-cause.js';
import { rollUp } from '../claude-code/roll-up.js';
import { sumForkWhatIfs, sumTtlWhatIfs } from '../claude-code/what-if.js';

/** Options of `analyzeHomeFolders`: the Claude Code projects run's, and Codex's sessions folder. */
export interface HomeFoldersOptions extends ProjectsOptions {
  /** Codex's sessions folder (`codexSessionsFolder(process.env)`). */
  readonly codexFolder: string;
  /**
   * Which folders the user configured (`CLAUDE_CONFIG_DIR`, `CODEX_HOME`): a configured folder that is
   * not there is an InputError naming it; a default one that is not there is passed over.
   */
  readonly configured?: { readonly claude: boolean; readonly codex: boolean };
}

async function isDirectory(folder: string): Promise<boolean> {
  return (await stat(folder).catch(() => undefined))?.isDirectory() === true;
}

/** Two analyses as one report: trees in order, causes and what-ifs summed, the roll-up over both. */
function merged(parts: readonly ReportedAnalysis[], options: HomeFoldersOptions): ReportedAnalysis {
  const [first] = parts;
  if (parts.length === 1 && first !== undefined) return first;
  const trees = parts.flatMap((part) => part.trees);
  const reports = parts.flatMap((part) => part.report.trees);
  const rows = options.by === undefined ? null : { by: options.by, rows: rollUp(trees, reports.map((report) => report.label), options.by, options.clock) };
  const currencies = new Set(parts.filter((part) => part.trees.length > 0).map((part) => part.currency));
  if (currencies.size > 1) throw new InputError('input/mixed-currencies', `the price tables use ${[...currencies].join(' and ')}: give every price in one currency (--prices)`);
  const whatIfs = parts.map((part) => part.report.whatIf);
  return {
    trees,
    duplications: parts.flatMap((part) => part.duplications),
    skipped: parts.flatMap((part) => part.skipped),
    currency: [...currencies][0] ?? 'USD',
    report: {
      folders: parts.flatMap((part) => part.report.folders ?? []),
      window: { ...first!.report.window, timeZone: options.clock.timeZoneInUse },
      trees: reports,
      byCause: mergeLossRows(parts.map((part) => part.report.byCause)),
      whatIf: {
        ttl: sumTtlWhatIfs(whatIfs.flatMap((whatIf) => (whatIf.ttl === null ? [] : [whatIf.ttl]))),
        fork: sumForkWhatIfs(whatIfs.flatMap((whatIf) => (whatIf.fork === null ? [] : [whatIf.fork]))),
      },
      rollUp: rows,
    },
  };
}

/**
 * `kvprefix analyze` with no path: Claude Code's projects folders and Codex's sessions folder, each
 * read when it is there and named in the report's `folders`. Neither there is an InputError naming
 * every folder looked at.
 */
export async function analyzeHomeFolders(options: HomeFoldersOptions): Promise<ReportedAnalysis> {
  const claudeFolders: string[] = [];
  // A configured Claude Code folder is read whole, so that a missing one is named by its own reader.
  for (const folder of options.folders) if (options.configured?.claude === true || (await isDirectory(folder))) claudeFolders.push(folder);
  const codex = await isDirectory(options.codexFolder);
  if (!codex && options.configured?.codex === true) throw new InputError('input/no-codex-sessions-folder', 'no Codex sessions folder here: set CODEX_HOME to the folder that holds sessions/, or name rollouts or folders to analyze', { source: options.codexFolder });
  if (claudeFolders.length === 0 && !codex) {
    throw new InputError('input/no-projects-folder', 'no Claude Code projects folder and no Codex sessions folder here: name transcripts, rollouts or folders to analyze, or set CLAUDE_CONFIG_DIR or CODEX_HOME', { source: [...options.folders, options.codexFolder].join(', ') });
  }
  const parts: ReportedAnalysis[] = [];
  if (claudeFolders.length > 0) parts.push(await analyzeClaudeCodeProjects({ ...options, folders: claudeFolders }));
  if (codex) {
    // Loaded only when there is a Codex folder: a Claude Code run loads no path dispatch.
    const [{ analyzePaths }, { codexReader }] = await Promise.all([import('../analyze/analyze-paths.js'), import('../analyze/codex-reader.js')]);
    const { policy = 'auto', policyByName, window, keepSegments, clock } = options;
    const settle = { window, keepSegments, clock, ...(options.by === undefined ? {} : { by: options.by }), ...(options.project === undefined ? {} : { project: options.project }) };
    const paths = { policy, policyByName, readers: [codexReader], ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}), ...(options.maxInputBytes === undefined ? {} : { maxInputBytes: options.maxInputBytes }), ...(options.onProgress ? { onProgress: options.onProgress } : {}) };
    try {
      const codexRun = await reportAsAnalysed((settleTree) => analyzePaths([options.codexFolder], { ...paths, settle: settleTree }), { ...settle, policyByName });
      parts.push({ ...codexRun, report: { ...codexRun.report, folders: [options.codexFolder] } });
    } catch (error) {
      // An empty Codex folder beside Claude Code's is not an error: the folder read is still named.
      if (!(error instanceof InputError && error.code === 'input/nothing-to-analyze') || parts.length === 0) throw error;
      const last = parts[0]!;
      parts[0] = { ...last, report: { ...last.report, folders: [...(last.report.folders ?? []), options.codexFolder] } };
    }
  }
  return merged(parts, options);
}
