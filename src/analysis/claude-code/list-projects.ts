import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { decodeProjectFolder, projectMatches } from './projects-folder.js';

/** One project of a Claude Code projects folder: the folder Claude Code named after a working directory. */
export interface ClaudeCodeProject {
  /** The folder's own name, e.g. `-Users-dain-workspace-claude-code-log`. */
  readonly folder: string;
  readonly path: string;
  /** The decoded name (`/Users/dain/workspace/claude-code-log`). */
  readonly name: string;
  /** Its transcripts (`*.jsonl` directly in the folder, subagents beside them included), sorted. */
  readonly transcripts: readonly string[];
}

async function isDirectory(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The projects under the given projects folders, in folder then name order, for the message of a
 * run that reported nothing (which projects there are, which `--project` missed). `match` keeps the
 * projects whose folder or decoded name contains it, in any case. Reading them is the pipeline's.
 */
export async function listClaudeCodeProjects(folders: readonly string[], match?: string): Promise<ClaudeCodeProject[]> {
  const projects: ClaudeCodeProject[] = [];
  for (const folder of folders) {
    if (!(await isDirectory(folder))) continue;
    for (const name of (await readdir(folder)).sort()) {
      const projectPath = path.join(folder, name);
      if (name.startsWith('.') || !(await isDirectory(projectPath))) continue;
      const decoded = decodeProjectFolder(name);
      if (match !== undefined && !projectMatches(name, match) && !projectMatches(decoded, match)) continue;
      const transcripts = (await readdir(projectPath)).filter((file) => file.endsWith('.jsonl')).sort().map((file) => path.join(projectPath, file));
      projects.push({ folder: name, path: projectPath, name: decoded, transcripts });
    }
  }
  return projects;
}
