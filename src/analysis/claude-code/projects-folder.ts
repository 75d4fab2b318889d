import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { InputError } from '../../prefix/index.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import { byCodeUnits } from './code-unit-order.js';

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

/** `agent-<id>.meta.json`: the agent type of the subagent transcript `agent-<id>.jsonl` beside it (Claude Code 2.1). */
const SUBAGENT_METADATA = /^agent-.*\.meta\.json$/;

/**
 * True when a project's name contains what `--project` asked for, in any case: folder names keep the
 * case of the working directory (`-Users-Dain-Work`), which a user rarely types as written.
 */
export function projectMatches(name: string, match: string): boolean {
  return name.toLowerCase().includes(match.toLowerCase());
}

/** Whether a file is a subagent's metadata, read with its transcript and never an input of its own. */
export function isSubagentMetadata(file: string): boolean {
  return SUBAGENT_METADATA.test(path.basename(file));
}

/**
 * The project folder a transcript belongs to: the folder it is in, or for a subagent of Claude Code
 * 2.1's layout (`<project>/<session>/subagents/agent-*.jsonl`) the folder holding its session.
 */
export function projectFolderOf(file: string): string {
  const folder = path.dirname(file);
  return path.basename(folder) === 'subagents' ? path.dirname(path.dirname(folder)) : folder;
}

/**
 * The projects folder a project folder sits in, as `~/.claude/projects` holds one folder per working
 * directory: its parent when it is named as Claude Code names a project (the path with every
 * character that is not a letter or digit turned into `-`, so `-home-…` on Unix) or sits in a
 * `projects` folder; otherwise the folder itself (transcripts copied somewhere else).
 */
export function projectsFolderOf(project: string): string {
  const parent = path.dirname(project);
  return path.basename(project).startsWith('-') || path.basename(parent) === 'projects' ? parent : project;
}

/** Fails with an InputError naming the first folder that does not exist: with no path, the user pointed at nothing. */
export async function checkProjectsFolders(folders: readonly string[]): Promise<void> {
  for (const folder of folders) {
    let directory = false;
    try {
      directory = (await stat(folder)).isDirectory();
    } catch {
      directory = false;
    }
    if (!directory) throw new InputError('input/no-projects-folder', 'no Claude Code projects folder here: name transcripts or folders to analyze, or set CLAUDE_CONFIG_DIR', { source: folder });
  }
}

/**
 * Codex's sessions folder a rollout sits in: `<sessions>/YYYY/MM/DD/rollout-*.jsonl`, so four levels
 * up where the path has that layout, else the rollout's own folder.
 */
function codexSessionsFolderOf(file: string): string {
  const day = path.dirname(file);
  const month = path.dirname(day);
  const year = path.dirname(month);
  const dated = [day, month, year].every((folder) => /^\d+$/.test(path.basename(folder)));
  return dated ? path.dirname(year) : day;
}

/**
 * The folders the trees were read from, however they were named: Claude Code's projects folders
 * (`projectsFolderOf`), then Codex's sessions folders, each in code-unit order; null when none is a
 * Claude Code or Codex tree.
 */
export function projectsFoldersRead(trees: readonly SessionTreeAnalysis[]): string[] | null {
  const folders = new Set<string>();
  for (const tree of trees) {
    const root = tree.sessions[0];
    if (root?.format === 'claude-code') folders.add(projectsFolderOf(projectFolderOf(path.resolve(root.file))));
  }
  const rollouts = new Set<string>();
  for (const tree of trees) {
    const root = tree.sessions[0];
    if (root?.format === 'codex') rollouts.add(codexSessionsFolderOf(path.resolve(root.file)));
  }
  const read = [...[...folders].sort(byCodeUnits), ...[...rollouts].sort(byCodeUnits)];
  return read.length === 0 ? null : read;
}
