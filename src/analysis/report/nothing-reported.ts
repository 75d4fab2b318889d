import { InputError } from '../../prefix/index.js';
import { listClaudeCodeProjects } from '../claude-code/list-projects.js';
import type { ReportedAnalysis } from '../claude-code/analyze-report.js';

/** The filters a run was given, as the user typed them. */
export interface ReportFilters {
  /** The paths named on the command line (empty: Claude Code's projects folders were read). */
  readonly paths: readonly string[];
  readonly project?: string | undefined;
  readonly since?: string | undefined;
  readonly until?: string | undefined;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** Up to five names, then how many more. */
function someOf(names: readonly string[]): string {
  const shown = names.slice(0, 5).join(', ');
  return names.length > 5 ? `${shown}, … (${names.length - 5} more)` : shown;
}

/** The window as given (`--since A --until B`), or null without one. */
function windowText(filters: ReportFilters): string | null {
  const parts = [filters.since === undefined ? null : `--since '${filters.since}'`, filters.until === undefined ? null : `--until '${filters.until}'`].filter((part) => part !== null);
  return parts.length === 0 ? null : parts.join(' ');
}

/** What the skipped files were, when any was: `; 2 files skipped (a.jsonl: reason; …)`. */
function skippedText(result: ReportedAnalysis): string {
  const [first] = result.skipped;
  if (first === undefined) return '';
  return `; ${plural(result.skipped.length, 'file')} skipped (${first.file}: ${first.reason}${result.skipped.length > 1 ? '; …' : ''})`;
}

/**
 * The error of a run that reported nothing: an empty report with exit 0 would pass a CI check on a
 * wrong folder or a mistyped filter, so an empty result fails (exit 3) as an empty path does, and
 * says which filter or folder left nothing: `--project` matching no project (naming the projects
 * there are), a window with no request in it, a projects folder with no project or no transcript.
 * Null when the result holds a tree.
 */
export async function nothingReported(result: ReportedAnalysis, filters: ReportFilters): Promise<InputError | null> {
  if (result.trees.length > 0) return null;
  const folders = result.report.folders;
  const source = folders === null ? filters.paths.join(', ') : folders.join(', ');
  const window = windowText(filters);
  const fail = (what: string) => new InputError('input/nothing-to-analyze', `nothing to analyze: ${what}${skippedText(result)}`, { source });
  if (folders !== null) {
    const projects = await listClaudeCodeProjects(folders);
    if (projects.length === 0) return fail('no project in this Claude Code projects folder');
    if (filters.project !== undefined) {
      const matching = await listClaudeCodeProjects(folders, filters.project);
      if (matching.length === 0) return fail(`--project '${filters.project}' matches none of its ${plural(projects.length, 'project')} (${someOf(projects.map((project) => project.name))})`);
    }
    if (projects.every((project) => project.transcripts.length === 0)) return fail(`no transcript in its ${plural(projects.length, 'project')}`);
  }
  const given = [filters.project === undefined ? null : `--project '${filters.project}'`, window].filter((part) => part !== null);
  if (given.length > 0) return fail(`no request matches ${given.join(' and ')}`);
  return fail('no session with an API call in it');
}
