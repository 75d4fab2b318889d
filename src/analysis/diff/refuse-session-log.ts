import { stat } from 'node:fs/promises';
import path from 'node:path';
import { InputError } from '../../prefix/index.js';
import { isClaudeCodeTranscript, isDshSession } from '../analyze/session-readers.js';

/**
 * `diff` compares two request bodies; a session log holds a whole conversation, and read as a body
 * it fails on its second line with "not valid JSON", which names the wrong problem. Said instead:
 * what the file is, and the commands that read it.
 */
export async function refuseSessionLog(file: string, cwd: string = process.cwd()): Promise<void> {
  const resolved = path.resolve(cwd, file);
  const kind = await stat(resolved).then(
    (stats) => (stats.isDirectory() ? ('directory' as const) : stats.isFile() ? ('file' as const) : undefined),
    () => undefined,
  );
  // A missing or special file is the request reader's to report.
  if (kind === undefined) return;
  const input = { file: resolved, label: file };
  if (await isDshSession(input, kind)) {
    throw new InputError('input/session-log', `a DSH session ${kind === 'directory' ? 'folder' : 'log'}, not a request body: replay its requests with 'kvprefix analyze ${file}', or print its fork seed with 'kvprefix seed ${file}'`, { source: file });
  }
  if (await isClaudeCodeTranscript(input, kind)) {
    throw new InputError('input/session-log', `a Claude Code transcript, not a request body: replay its requests with 'kvprefix analyze ${file}'`, { source: file });
  }
}
