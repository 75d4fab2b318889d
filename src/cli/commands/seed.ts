import path from 'node:path';
import { UsageError } from '../../prefix/index.js';
import { completedTurnPrefix, DEFAULT_MAX_INPUT_BYTES, readSessionLog, STDIN_NAME, type ForkSeed, type UnfinishedLine } from '../../providers/index.js';
import type { Command } from '../command.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { parseOptions } from '../parse-options.js';
import { inputOptions, MAX_INPUT_FLAG, MAX_INPUT_OPTION, MAX_INPUT_USAGE } from '../input-options.js';

const USAGE = `usage: kvprefix seed <session.jsonl[.zstd]> ${MAX_INPUT_USAGE} [--json]\n` +
  '  the fork seed a child forked from this DSH session log now would inherit: the prefix through the last turn/end; - reads standard input\n' +
  `  --${MAX_INPUT_FLAG}: refuse logs larger than this many MiB, decompressed (default ${DEFAULT_MAX_INPUT_BYTES / 1024 / 1024})`;

/** The `--json` document of `kvprefix seed`. */
export function seedJson(seed: ForkSeed): { seedLength: number; lastTurnEnd: number | null; excluded: number } {
  return { seedLength: seed.seedLength, lastTurnEnd: seed.lastTurnEnd, excluded: seed.excluded };
}

const plural = (count: number, noun: string) => `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

/** The human report of one seed. */
export function seedText(source: string, seed: ForkSeed): string {
  const after = seed.excluded === 0 ? 'nothing after it is excluded' : `${plural(seed.excluded, 'event')} after it excluded (the in-flight turn)`;
  if (seed.lastTurnEnd === null) {
    return `${source}: no completed turn, so the seed is empty and a fork now starts a fresh child; ${plural(seed.excluded, 'event')} excluded\n`;
  }
  return `${source}: seed of ${plural(seed.seedLength, 'event')}, through the turn/end at seq ${seed.lastTurnEnd}; ${after}\n`;
}

/** The stderr note for a log whose last line is still being written. */
export function unfinishedLineNote(source: string, unfinished: UnfinishedLine): string {
  return `kvprefix seed: ${source}:${unfinished.line}: the last line has no line break and is not whole JSON yet (${plural(unfinished.bytes, 'byte')}): a write in progress, left out; the seed is the log up to line ${unfinished.line - 1}\n`;
}

/** `kvprefix seed <log>`: the completed-turn prefix a fork child of this session would inherit. */
export const seedCommand: Command = {
  name: 'seed',
  summary: 'the fork seed of a DSH session log: the prefix through its last completed turn',
  usage: USAGE,
  async run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
    const { values, positionals } = parseOptions(argv, { json: { type: 'boolean' }, ...MAX_INPUT_OPTION });
    if (positionals.length !== 1) throw new UsageError('usage/arguments', `expected one session log, got ${positionals.length}`);
    const file = positionals[0] as string;
    const log = await readSessionLog(file === STDIN_NAME ? file : path.resolve(io.cwd, file), { ...inputOptions(values, io), ...(file === STDIN_NAME ? {} : { label: file }) });
    // A running agent's log: say what was left out, on stderr so `--json` stays one document.
    if (log.unfinishedLine) io.stderr(unfinishedLineNote(log.source, log.unfinishedLine));
    const seed = completedTurnPrefix(log.events, { source: log.source });
    io.stdout(values['json'] ? `${JSON.stringify(seedJson(seed))}\n` : seedText(log.source, seed));
    return EXIT.ok;
  },
};
