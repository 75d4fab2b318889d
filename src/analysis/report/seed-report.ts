import path from 'node:path';
// Narrow paths, not the providers barrel: `kvprefix seed` imports this file, and must start fast.
import { STDIN_NAME, inputLimit, type InputLimit } from '../../providers/input/input-chunks.js';
import { completedTurnPrefix } from '../../providers/session/fork-seed.js';
import { readSessionLog, type UnfinishedLine } from '../../providers/session/read-session-log.js';
import { terminalText } from '../text/terminal-text.js';
import { unfinishedLineMessage } from '../text/unfinished-line.js';
import { groupDigits } from '../../prefix/group-digits.js';

/** The fork seed a child forked from a session log now would inherit (`kvprefix seed --json`). */
export interface SeedReport {
  /** Events through the last `turn/end`: what the child's log starts with. */
  readonly seedLength: number;
  /** Seq of that `turn/end`, or null when no turn has completed (a fork now starts a fresh child). */
  readonly lastTurnEnd: number | null;
  /** Events after it, left out: the in-flight turn. */
  readonly excluded: number;
}

/** A log's seed, where the log came from, and the line a running agent was still writing (left out). */
export interface SeedOfLog {
  readonly source: string;
  readonly seed: SeedReport;
  readonly unfinishedLine: UnfinishedLine | undefined;
}

/** Options of `seedOfLog`. */
export interface SeedOfLogOptions extends InputLimit {
  readonly cwd?: string;
  /** What the file name `-` reads. */
  readonly stdin?: AsyncIterable<Uint8Array>;
}

/** Reads a DSH session log (plain or zstd, or `-` for standard input) and finds its fork seed. */
export async function seedOfLog(file: string, options: SeedOfLogOptions = {}): Promise<SeedOfLog> {
  const fromStdin = file === STDIN_NAME;
  const log = await readSessionLog(fromStdin ? file : path.resolve(options.cwd ?? process.cwd(), file), {
    ...inputLimit(options),
    ...(options.stdin ? { stdin: options.stdin } : {}),
    ...(fromStdin ? {} : { label: file }),
  });
  const seed = completedTurnPrefix(log.events, { source: log.source });
  return { source: log.source, seed: { seedLength: seed.seedLength, lastTurnEnd: seed.lastTurnEnd, excluded: seed.excluded }, unfinishedLine: log.unfinishedLine };
}

const plural = (value: number, noun: string) => `${groupDigits(value)} ${noun}${value === 1 ? '' : 's'}`;

/** The terminal report of one seed; the file name is shown with its control characters escaped. */
export function renderSeedText(source: string, seed: SeedReport): string {
  const after = seed.excluded === 0 ? 'nothing after it is excluded' : `${plural(seed.excluded, 'event')} after it excluded (the in-flight turn)`;
  if (seed.lastTurnEnd === null) {
    return terminalText(`${source}: no completed turn, so the seed is empty and a fork now starts a fresh child; ${plural(seed.excluded, 'event')} excluded\n`);
  }
  return terminalText(`${source}: seed of ${plural(seed.seedLength, 'event')}, through the turn/end at seq ${seed.lastTurnEnd}; ${after}\n`);
}

/** The stderr note for a log whose last line is still being written. */
export function unfinishedLineNote(source: string, unfinished: UnfinishedLine): string {
  return terminalText(`kvprefix seed: ${unfinishedLineMessage(source, unfinished, 'the seed is the log')}\n`);
}
