import { open } from 'node:fs/promises';
import type { CalibrationMode } from '../replay/head-calibration.js';
import type { HostModelSettings } from '../compositions/llm-settings.js';
import type { LayoutName, Tokenizer } from '../../prefix/index.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import type { PolicyChoice, PolicyLookup } from '../shipped-policies/policy-choice.js';
import { skipReason } from './skip-reason.js';
import type { InputLimit } from '../../providers/input/input-chunks.js';

/**
 * What a reader of recorded traffic is: the input the dispatch hands it, the options every reader
 * is given, and what each does with a tree it replayed or an input it failed to read. Hosts' readers
 * (DSH, Claude Code, Codex, claude-trace, watch records, request bodies) implement it; the analyze
 * dispatch picks one per input.
 */

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
  /**
   * Predict watch records again under `policyByName`'s policies from the policy input each line
   * keeps, instead of keeping the predictions the watch made (a what-if; other readers replay anyway).
   */
  readonly replayWatchRecords?: boolean;
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

