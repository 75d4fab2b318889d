import { open, readdir } from 'node:fs/promises';
import type { CalibrationMode } from '../replay/head-calibration.js';
import path from 'node:path';
import type { LayoutName, Tokenizer } from '../../prefix/index.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import type { PolicyChoice, PolicyLookup } from './policy-choice.js';
import { analyzeWireSequence } from './wire-sequence.js';

/** What every reader is given. */
export interface ReaderOptions {
  readonly policy: PolicyChoice;
  readonly policyByName: PolicyLookup;
  readonly provider?: string;
  readonly layout?: LayoutName;
  readonly tokenizer?: Tokenizer;
  /** Refuse input files past this many bytes (default 32 MiB, `DEFAULT_MAX_INPUT_BYTES`). */
  readonly maxInputBytes?: number;
  /** Which request heads a replay calibrates against observed totals (`CalibrationMode`; readers without calibration ignore it). */
  readonly calibrate?: CalibrationMode;
  /** Called after each input file is read. */
  readonly onFile?: (file: string) => void;
  /** Reports an input found by walking a directory that turned out unreadable: it is left out, not fatal. */
  readonly skip?: (file: string, reason: string) => void;
}

/** One input the dispatch hands a reader: its absolute path and the label reports show. */
export interface ReaderInput {
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

const DSH_LOG = /^session(?:\.\d+)?\.jsonl(?:\.zstd)?$/;

/** A DSH session log (`session.jsonl`, children `session.<n>.jsonl`, plain or zstd), or a folder holding a root log. */
export async function isDshSession(input: ReaderInput, kind: 'file' | 'directory'): Promise<boolean> {
  if (kind === 'directory') return (await readdir(input.file)).some((name) => name === 'session.jsonl' || name === 'session.jsonl.zstd');
  if (DSH_LOG.test(path.basename(input.file))) return true;
  if (!input.file.endsWith('.jsonl')) return false;
  const line = (await fileHead(input.file)).split('\n', 1)[0] ?? '';
  return /^\{"type":"session"/.test(line.trim());
}

/** A Claude Code transcript: JSONL whose records carry `sessionId` and a `type` of user, assistant or summary. */
export async function isClaudeCodeTranscript(input: ReaderInput, kind: 'file' | 'directory'): Promise<boolean> {
  if (kind !== 'file' || !input.file.endsWith('.jsonl')) return false;
  const lines = (await fileHead(input.file, 16384)).split('\n').slice(0, 8);
  return lines.some((line) => /"sessionId"\s*:/.test(line) && /"type"\s*:\s*"(?:user|assistant|summary)"/.test(line));
}

const WIRE_FILE = /\.(?:json|ya?ml)$/i;

/** Request bodies, recorded exchanges and cassettes: replayed here as one sequence. */
export const wireReader: SessionReader = {
  name: 'wire',
  reads: 'request bodies and recorded exchanges (.json) and cassettes (.yaml)',
  claims: async (input, kind) => kind === 'file' && WIRE_FILE.test(input.file),
  analyze: (inputs, options) => analyzeWireSequence(inputs, options),
};

/**
 * The wire reader. The readers `analyzePaths` dispatches to are listed in `session-reader-list.ts`
 * (one entry per reader), so that a reader module can import the helpers here.
 */
