import { open, readdir } from 'node:fs/promises';
import type { CalibrationMode } from '../replay/head-calibration.js';
import type { HostModelSettings } from '../compositions/llm-settings.js';
import type { LayoutName, Tokenizer } from '../../prefix/index.js';
import { isJsonlName, isRootLogName, isTreeLogName } from '../../providers/session/dsh-log-name.js';
import { COMPRESSED, scanLeadingLines } from '../../providers/session/leading-lines.js';
import { readLogLines } from '../../providers/session/log-lines.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import type { PolicyChoice, PolicyLookup } from './policy-choice.js';
import { skipReason } from './skip-reason.js';
import { BOOKKEEPING_TYPES } from '../claude-code/transcript-kind.js';
import { inputLimit, type InputLimit } from '../../providers/input/input-chunks.js';

/** What every reader is given. */
export interface ReaderOptions extends InputLimit {
  readonly policy: PolicyChoice;
  readonly policyByName: PolicyLookup;
  readonly provider?: string;
  readonly layout?: LayoutName;
  readonly tokenizer?: Tokenizer;
  /** Which request heads a replay calibrates against observed totals (`CalibrationMode`; readers without calibration ignore it). */
  readonly calibrate?: CalibrationMode;
  /** The host composition's DeepSeek settings (DSH replays apply them where a log records none; other readers ignore them). */
  readonly host?: HostModelSettings;
  /** Called after each input file is read. */
  readonly onFile?: (file: string) => void;
  /** Reports an input found by walking a directory that turned out unreadable: it is left out, not fatal. */
  readonly skip?: (file: string, reason: string) => void;
  /**
   * What to keep of each tree, called as soon as the tree is analysed (default: the whole tree), so
   * a folder of many trees never holds them all whole; null leaves the tree out. A reader that
   * analyses its inputs together may return its trees unsettled: the dispatch settles those.
   */
  readonly settle?: (tree: SessionTreeAnalysis) => Promise<SessionTreeAnalysis | null>;
}

/** One input the dispatch hands a reader: its absolute path and the label reports show. */
export interface ReaderInput extends InputLimit {
  readonly file: string;
  readonly label: string;
  /** True when the user named it; false when found by walking a directory (then a broken one is skipped). */
  readonly named?: boolean;
}

/**
 * A reader of one kind of recorded traffic. `claims` looks at a path (a file, or a directory that is
 * one session tree); `analyze` turns everything it claimed, in the order given, into session trees.
 */
export interface SessionReader {
  readonly name: string;
  /** What it reads, for error messages: "DSH session logs (session.jsonl[.zstd]) and their folders". */
  readonly reads: string;
  claims(input: ReaderInput, kind: 'file' | 'directory'): Promise<boolean>;
  analyze(inputs: readonly ReaderInput[], options: ReaderOptions): Promise<SessionTreeAnalysis[]>;
}

/** The first bytes of a file, as text (detection reads no more). */
export async function fileHead(file: string, bytes = 4096): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

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

/**
 * A replayed tree, with the policy-choice note when there is one, settled by the caller's `settle`
 * (which may keep it out: null) and added to `trees` when kept.
 */
export async function keepSettled(trees: SessionTreeAnalysis[], replayed: SessionTreeAnalysis, note: string | undefined, options: ReaderOptions): Promise<void> {
  const tree = note ? { ...replayed, notes: [...replayed.notes, note] } : replayed;
  const kept = options.settle ? await options.settle(tree) : tree;
  if (kept !== null) trees.push(kept);
}

/**
 * What a reader does with an input it failed to read: a named one fails the run (rethrown); one
 * found by walking a directory is reported through `skip` with its reason and left out.
 */
export function failedInput(input: ReaderInput, error: unknown, options: ReaderOptions): void {
  if (input.named !== false || options.skip === undefined) throw error;
  options.skip(input.label, skipReason(error, input.label));
}

const WIRE_FILE = /\.(?:json|ya?ml)$/i;

/** Request bodies, recorded exchanges and cassettes: replayed here as one sequence. */
export const wireReader: SessionReader = {
  name: 'wire',
  reads: 'request bodies and recorded exchanges (.json) and cassettes (.yaml)',
  claims: async (input, kind) => kind === 'file' && WIRE_FILE.test(input.file),
  // The wire replay and its body readers load on first use: a DSH folder or a Claude Code project does not compile them.
  analyze: async (inputs, options) => (await import('./wire-sequence.js')).analyzeWireSequence(inputs, options),
};

/**
 * The wire reader. The readers `analyzePaths` dispatches to are listed in `session-reader-list.ts`
 * (one entry per reader), so that a reader module can import the helpers here.
 */
