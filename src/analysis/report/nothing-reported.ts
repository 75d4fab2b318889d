import { InputError } from '../../prefix/index.js';
import { listClaudeCodeProjects } from '../claude-code/list-projects.js';

/** What a run read: its trees, the files it skipped, and the projects folders its trees came from. */
export interface RunRead {
  readonly trees: readonly unknown[];
  readonly skipped: readonly { readonly file: string; readonly reason: string }[];
  readonly folders: readonly string[] | null;
}

/** The filters a run was given, as the user typed them. */
export interface ReportFilters {
  /** The paths read: those named on the command line, or with none the home folders found. */
  readonly paths: readonly string[];
  /** With no path, the Claude Code projects folders among `paths`. */
  readonly projectsFolders?: readonly string[];
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
function skippedText(result: RunRead): string {
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
export async function nothingReported(result: RunRead, filters: ReportFilters): Promise<InputError | null> {
  if (result.trees.length > 0) return null;
  const folders = result.folders ?? (filters.projectsFolders !== undefined && filters.projectsFolders.length > 0 ? filters.projectsFolders : null);
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
