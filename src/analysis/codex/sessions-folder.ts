import os from 'node:os';
import path from 'node:path';
import { claudeProjectsFolders } from '../claude-code/projects-folder.js';

/**
 * Where Codex CLI keeps its rollouts: `$CODEX_HOME/sessions` when `CODEX_HOME` is set (and not
 * blank), otherwise `~/.codex/sessions` (Codex's own default home).
 */
export function codexSessionsFolder(env: Readonly<Record<string, string | undefined>>, home: string = os.homedir()): string {
  const configured = env['CODEX_HOME']?.trim();
  return path.join(configured === undefined || configured === '' ? path.join(home, '.codex') : configured, 'sessions');
}

/** The folders `kvprefix analyze` reads with no path, and which of them the user configured (see `analyzeHomeFolders`). */
export function agentHomeFolders(env: Readonly<Record<string, string | undefined>>, home: string = os.homedir()): { folders: string[]; codexFolder: string; configured: { claude: boolean; codex: boolean } } {
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  return { folders: claudeProjectsFolders(env, home), codexFolder: codexSessionsFolder(env, home), configured: { claude: set('CLAUDE_CONFIG_DIR'), codex: set('CODEX_HOME') } };
}
