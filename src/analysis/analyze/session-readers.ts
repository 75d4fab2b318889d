import { readdir } from 'node:fs/promises';
import { isJsonlName, isRootLogName, isTreeLogName } from '../../providers/session/dsh-log-name.js';
import { COMPRESSED, scanLeadingLines } from '../../providers/session/leading-lines.js';
import { readLogLines } from '../../providers/session/log-lines.js';
import type { ReaderInput, SessionReader } from '../inputs/session-reader.js';
import { BOOKKEEPING_TYPES } from '../claude-code/transcript-kind.js';
import { inputLimit } from '../../providers/input/input-chunks.js';

/** The JSON lines of a file as values, from the top, plain or zstd; stops (and closes it) when the caller does. */
async function* jsonLines(input: ReaderInput): AsyncGenerator<unknown> {
  const lines = readLogLines(input.file, { label: input.label, ...inputLimit(input) });
  for await (const { text, terminated } of lines) {
    if (text.trim() === '') continue;
    try {
      yield JSON.parse(text) as unknown;
    } catch {
      // A last line still being written says nothing either way; any other is not JSON Lines.
      if (terminated) yield undefined;
      return;
    }
  }
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/**
 * A DSH session log or tree. A folder holding a root `session.jsonl` (plain or zstd); a log named
 * as a tree's logs are (`isTreeLogName`); or a `.jsonl`/`.jsonl.zst`/`.jsonl.zstd` file under any
 * other name whose first line is a `{"type":"session",…}` header.
 */
export async function isDshSession(input: ReaderInput, kind: 'file' | 'directory'): Promise<boolean> {
  if (kind === 'directory') return (await readdir(input.file)).some((name) => isRootLogName(name));
  if (isTreeLogName(input.file)) return true;
  if (!isJsonlName(input.file)) return false;
  const header = (value: unknown) => field(value, 'type') === 'session' && typeof field(value, 'id') === 'string';
  // The first line decides; a plain file is read no further than it, synchronously.
  const first = scanLeadingLines(input.file, (text) => (text.trim() === '' ? undefined : text), inputLimit(input).maxInputBytes);
  if (first !== COMPRESSED) {
    if (first === undefined) return false;
    try {
      return header(JSON.parse(first));
    } catch {
      return false;
    }
  }
  for await (const value of jsonLines(input)) return header(value);
  return false;
}

/**
 * A Claude Code transcript: a `.jsonl` file with a conversation entry (`user` or `assistant` with a
 * `sessionId` and a `message`), whatever lines come before it (`permission-mode`, `attachment`,
 * `file-history-snapshot`, `summary`, types not seen yet) and whatever lines fail to parse (the
 * reader lists those); or one holding only Claude Code's bookkeeping entries, which is a transcript
 * with no API call in it (listed as such, not handed to another reader), and so is an empty one.
 */
export async function isClaudeCodeTranscript(input: ReaderInput, kind: 'file' | 'directory'): Promise<boolean> {
  if (kind !== 'file' || !input.file.endsWith('.jsonl')) return false;
  let bookkeepingOnly = true;
  const judge = (text: string): true | undefined => {
    if (text.trim() === '') return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
    const type = field(value, 'type');
    if ((type === 'user' || type === 'assistant') && typeof field(value, 'sessionId') === 'string' && typeof field(value, 'message') === 'object') return true;
    if (typeof type !== 'string' || !BOOKKEEPING_TYPES.has(type)) bookkeepingOnly = false;
    return undefined;
  };
  // A plain file is read synchronously a block at a time, and no further than its first conversation entry.
  const found = scanLeadingLines(input.file, judge, inputLimit(input).maxInputBytes);
  if (found === true) return true;
  if (found === COMPRESSED) {
    for await (const { text } of readLogLines(input.file, { label: input.label, ...inputLimit(input) })) if (judge(text) === true) return true;
  }
  return bookkeepingOnly;
}

const WIRE_FILE = /\.(?:json|ya?ml)$/i;

/** Request bodies, recorded exchanges and cassettes: replayed here as one sequence. */
export const wireReader: SessionReader = {
  name: 'wire',
  reads: 'request bodies and recorded exchanges (.json) and cassettes (.yaml)',
  claims: async (input, kind) => kind === 'file' && WIRE_FILE.test(input.file),
  // The wire replay and its body readers load on first use: a DSH folder or a Claude Code project does not compile them.
  analyze: async (inputs, options) => (await import('../bodies/wire-sequence.js')).analyzeWireSequence(inputs, options),
};
