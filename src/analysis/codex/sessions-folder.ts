import os from 'node:os';
import path from 'node:path';

/**
 * Where Codex CLI keeps its rollouts: `$CODEX_HOME/sessions` when `CODEX_HOME` is set (and not
 * blank), otherwise `~/.codex/sessions` (Codex's own default home).
 */
export function codexSessionsFolder(env: Readonly<Record<string, string | undefined>>, home: string = os.homedir()): string {
  const configured = env['CODEX_HOME']?.trim();
  return path.join(configured === undefined || configured === '' ? path.join(home, '.codex') : configured, 'sessions');
}
