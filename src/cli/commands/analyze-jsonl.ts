import { closeSync, openSync, writeSync } from 'node:fs';
import { loadAnalyzePaths, loadRows, oneLine, type AnalyzeOptions, type AnalyzeResult, type PolicyLookup, type SessionTreeAnalysis, type TimeWindow } from '../../analysis/analyze-command.js';
import { unwritableFile } from '../../providers/input/write-failure.js';
import type { CliIo } from '../io.js';

/** Where `--format jsonl` writes, and what it writes rows of. */
export interface JsonlRun {
  /** Paths given, or with no path the projects folders Claude Code writes (already checked to exist). */
  readonly paths: readonly string[];
  readonly analyzeOptions: Omit<AnalyzeOptions, 'settle'>;
  readonly window: TimeWindow;
  readonly project?: string;
  readonly policyByName: PolicyLookup;
  /** `-o FILE` resolved, and its label as given; absent: stdout. */
  readonly output?: { readonly file: string; readonly label: string };
  /** Keep the trees (without segments) for a verdict after the rows. */
  readonly keep: boolean;
}

/** A sink written chunk by chunk: a file opened once, or stdout. */
function sink(run: JsonlRun, io: CliIo): { write: (chunk: string) => void; close: () => void } {
  const output = run.output;
  if (output === undefined) return { write: (chunk) => io.stdout(chunk), close: () => {} };
  let descriptor: number;
  try {
    descriptor = openSync(output.file, 'w');
  } catch (error) {
    throw unwritableFile(output.label, error);
  }
  return {
    write(chunk) {
      try {
        writeSync(descriptor, chunk);
      } catch (error) {
        throw unwritableFile(output.label, error);
      }
    },
    close: () => closeSync(descriptor),
  };
}

/** Files that no row came from show this many by name before the rest are counted. */
const SKIPPED_NAMED = 10;

/** What was skipped, for stderr: each file with its reason, the first ten by name, then how many more. */
function skippedLines(skipped: readonly { readonly file: string; readonly reason: string }[]): string[] {
  const lines = skipped.slice(0, SKIPPED_NAMED).map(({ file, reason }) => `kvprefix analyze: skipped ${oneLine(file)}: ${oneLine(reason)}`);
  if (skipped.length > SKIPPED_NAMED) lines.push(`kvprefix analyze: skipped ${skipped.length - SKIPPED_NAMED} more files (${skipped.length} in all; --json lists every one)`);
  return lines;
}

/**
 * `kvprefix analyze --format jsonl`: the rows of each tree written as soon as the tree is replayed,
 * the tree then dropped (kept without segments only when a verdict needs it). What was skipped goes
 * to stderr, one line a file, so stdout holds nothing but rows. Returns the trees kept.
 */
export async function analyzeToJsonl(run: JsonlRun, io: CliIo): Promise<readonly SessionTreeAnalysis[]> {
  const { rowWriter, settleIntoRows } = await loadRows();
  const target = sink(run, io);
  let result: Pick<AnalyzeResult, 'trees' | 'skipped'>;
  try {
    const writer = rowWriter(target.write);
    const { analyzePaths } = await loadAnalyzePaths();
    const selection = { window: run.window, policyByName: run.policyByName, keep: run.keep, ...(run.project === undefined ? {} : { project: run.project }) };
    result = await analyzePaths(run.paths, { ...run.analyzeOptions, settle: settleIntoRows(writer, selection) });
    writer.flush();
  } finally {
    target.close();
  }
  skippedLines(result.skipped).forEach((line) => io.stderr(`${line}\n`));
  return result.trees;
}
