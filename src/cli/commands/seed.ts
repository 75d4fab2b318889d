import { renderSeedText, seedOfLog, unfinishedLineNote } from '../../analysis/index.js';
import { UsageError } from '../../prefix/index.js';
import { DEFAULT_MAX_INPUT_BYTES } from '../../providers/index.js';
import type { Command } from '../command.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { parseOptions } from '../parse-options.js';
import { inputOptions, MAX_INPUT_FLAG, MAX_INPUT_OPTION, MAX_INPUT_USAGE } from '../input-options.js';

const USAGE = `usage: kvprefix seed <session.jsonl[.zstd]> ${MAX_INPUT_USAGE} [--json]\n` +
  '  the fork seed a child forked from this DSH session log now would inherit: the prefix through the last turn/end; - reads standard input\n' +
  `  --${MAX_INPUT_FLAG}: refuse logs larger than this many MiB, decompressed (default ${DEFAULT_MAX_INPUT_BYTES / 1024 / 1024})`;

/** `kvprefix seed <log>`: the completed-turn prefix a fork child of this session would inherit. */
export const seedCommand: Command = {
  name: 'seed',
  summary: 'the fork seed of a DSH session log: the prefix through its last completed turn',
  usage: USAGE,
  async run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
    const { values, positionals } = parseOptions(argv, { json: { type: 'boolean' }, ...MAX_INPUT_OPTION });
    if (positionals.length !== 1) throw new UsageError('usage/arguments', `expected one session log, got ${positionals.length}`);
    const { source, seed, unfinishedLine } = await seedOfLog(positionals[0]!, { cwd: io.cwd, ...inputOptions(values, io) });
    // A running agent's log: say what was left out, on stderr so `--json` stays one document.
    if (unfinishedLine) io.stderr(unfinishedLineNote(source, unfinishedLine));
    io.stdout(values['json'] ? `${JSON.stringify(seed)}\n` : renderSeedText(source, seed));
    return EXIT.ok;
  },
};
