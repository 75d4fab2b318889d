import { stat } from 'node:fs/promises';
import { InputError } from '../../prefix/errors.js';

/** What `kvprefix analyze` looks at with no path (`agentHomeFolders(process.env)`). */
export interface HomeFolders {
  /** Claude Code's projects folders. */
  readonly folders: readonly string[];
  /** Codex's sessions folder. */
  readonly codexFolder: string;
  /**
   * Which folders the user configured (`CLAUDE_CONFIG_DIR`, `CODEX_HOME`): a configured folder that is
   * not there is an InputError naming it; a default one that is not there is passed over.
   */
  readonly configured: { readonly claude: boolean; readonly codex: boolean };
}

async function isDirectory(folder: string): Promise<boolean> {
  return (await stat(folder).catch(() => undefined))?.isDirectory() === true;
}

/**
 * The paths `kvprefix analyze` reads with no path: Claude Code's projects folders and Codex's
 * sessions folder, each that is there (or that the user configured: a configured one that is missing
 * is an InputError naming it). They are then read as any folder named is. Neither there is an
 * InputError naming every folder looked at.
 */
export async function homeFolderPaths(home: HomeFolders): Promise<string[]> {
  const paths: string[] = [];
  for (const folder of home.folders) {
    if (await isDirectory(folder)) paths.push(folder);
    else if (home.configured.claude) throw new InputError('input/no-projects-folder', 'no Claude Code projects folder here: name transcripts or folders to analyze, or set CLAUDE_CONFIG_DIR', { source: folder });
  }
  if (await isDirectory(home.codexFolder)) paths.push(home.codexFolder);
  else if (home.configured.codex) throw new InputError('input/no-codex-sessions-folder', 'no Codex sessions folder here: set CODEX_HOME to the folder that holds sessions/, or name rollouts or folders to analyze', { source: home.codexFolder });
  if (paths.length === 0) {
    throw new InputError('input/no-projects-folder', 'no Claude Code projects folder and no Codex sessions folder here: name transcripts, rollouts or folders to analyze, or set CLAUDE_CONFIG_DIR or CODEX_HOME', { source: [...home.folders, home.codexFolder].join(', ') });
  }
  return paths;
}
