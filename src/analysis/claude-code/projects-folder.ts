import { readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { InputError } from '../../prefix/index.js';

/** One project of a Claude Code projects folder: the folder Claude Code named after a working directory. */
export interface ClaudeCodeProject {
  /** The folder's own name, e.g. `-Users-dain-workspace-claude-code-log`. */
  readonly folder: string;
  readonly path: string;
  /** The decoded name (`/Users/dain/workspace/claude-code-log`); the transcripts' `cwd` replaces it where they carry one. */
  readonly name: string;
  /** Its main transcripts (`<session>.jsonl`), sorted; subagent files are read through these. */
  readonly transcripts: readonly string[];
  /** Claude Code 2.0's subagent files beside them (`agent-*.jsonl`): read with their main session, or alone when it has none here. */
  readonly subagents: readonly string[];
}

/**
 * Where Claude Code keeps its transcripts: `$CLAUDE_CONFIG_DIR/projects` for each entry of that
 * comma-separated list when it is set (Claude Code takes several configuration folders that way),
 * otherwise `~/.claude/projects`.
 */
export function claudeProjectsFolders(env: Readonly<Record<string, string | undefined>>, home: string = os.homedir()): string[] {
  const configured = (env['CLAUDE_CONFIG_DIR'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (configured.length > 0) return configured.map((entry) => path.join(entry, 'projects'));
  return [path.join(home, '.claude', 'projects')];
}

/**
 * Claude Code names a project folder after its working directory with every character that is not
 * a letter or digit turned into `-`. The dots and dashes of the path cannot be told apart afterwards,
 * so this is a best reading: path separators back, the rest as written.
 */
export function decodeProjectFolder(folder: string): string {
  return folder.startsWith('-') ? folder.replace(/-/g, '/') : folder;
}

/**
 * True when a project's name contains what `--project` asked for, in any case: folder names keep the
 * case of the working directory (`-Users-Dain-Work`), which a user rarely types as written.
 */
export function projectMatches(name: string, match: string): boolean {
  return name.toLowerCase().includes(match.toLowerCase());
}

const SUBAGENT_FILE = /^agent-.*\.jsonl$/;

async function isDirectory(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The projects under the given projects folders, in folder then name order, each with its main
 * transcripts. A folder that does not exist is an InputError naming it (the user pointed at nothing);
 * `match` keeps the projects whose folder or decoded name contains it, in any case.
 */
export async function listClaudeCodeProjects(folders: readonly string[], match?: string): Promise<ClaudeCodeProject[]> {
  const projects: ClaudeCodeProject[] = [];
  for (const folder of folders) {
    if (!(await isDirectory(folder))) {
      throw new InputError('input/no-projects-folder', 'no Claude Code projects folder here: name transcripts or folders to analyze, or set CLAUDE_CONFIG_DIR', { source: folder });
    }
    for (const name of (await readdir(folder)).sort()) {
      const projectPath = path.join(folder, name);
      if (name.startsWith('.') || !(await isDirectory(projectPath))) continue;
      const decoded = decodeProjectFolder(name);
      if (match !== undefined && !projectMatches(name, match) && !projectMatches(decoded, match)) continue;
      const names = (await readdir(projectPath)).filter((file) => file.endsWith('.jsonl')).sort();
      const transcripts = names.filter((file) => !SUBAGENT_FILE.test(file)).map((file) => path.join(projectPath, file));
      const subagents = names.filter((file) => SUBAGENT_FILE.test(file)).map((file) => path.join(projectPath, file));
      projects.push({ folder: name, path: projectPath, name: decoded, transcripts, subagents });
    }
  }
  return projects;
}
