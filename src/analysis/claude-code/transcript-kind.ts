import { InputError } from '../../prefix/index.js';

/** The entry types Claude Code writes besides `user` and `assistant` (bookkeeping the model never sees). */
export const BOOKKEEPING_TYPES: ReadonlySet<string> = new Set(['summary', 'file-history-snapshot', 'queue-operation', 'progress', 'system', 'permission-mode', 'attachment', 'custom-title']);

/** What a JSONL file with no conversation entry looks like, judged from its first value. */
function lookalike(first: unknown): string {
  if (typeof first !== 'object' || first === null) return '';
  const value = first as Record<string, unknown>;
  if (value['type'] === 'session' && ('version' in value || 'id' in value)) return ': it looks like a DSH session log (its first line is a {"type":"session",…} header)';
  if (Array.isArray(value['messages'])) return ': it looks like a request body (it has a messages array)';
  return '';
}

/**
 * The error for a file read as a Claude Code transcript that holds no conversation entry and at
 * least one line Claude Code does not write — another tool's JSONL, which would otherwise replay as
 * an empty session. `undefined` when the file is a Claude Code transcript after all (nothing but
 * its bookkeeping entries, or empty): that is a session with no requests, not a wrong file.
 */
export function notClaudeCodeTranscript(file: string, skipped: Readonly<Record<string, number>>, first: unknown): InputError | undefined {
  const foreign = Object.keys(skipped).filter((type) => !BOOKKEEPING_TYPES.has(type));
  if (foreign.length === 0) return undefined;
  const shown = foreign.slice(0, 5).map((type) => `'${type}'`).join(', ');
  return new InputError(
    'input/not-claude-code',
    `not a Claude Code transcript: no user or assistant entry, and entries of types Claude Code does not write (${shown}${foreign.length > 5 ? ', …' : ''})${lookalike(first)}`,
    { source: file },
  );
}
