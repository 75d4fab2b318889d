// Narrow paths, not the barrels: `seed` is the command people run in a loop, and the barrels load the
// runtime, YAML, the policies and the HTML report, none of which a fork seed needs.
import { renderSeedText, seedOfLog, unfinishedLineNote } from '../../analysis/report/seed-report.js';
import { UsageError } from '../../prefix/errors.js';
import type { Command } from '../command.js';
import { SEED_HELP } from './help.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { FORMAT_OPTIONS, formatOption } from '../option-values.js';
import { parseOptions } from '../parse-options.js';
import { inputOptions, MAX_INPUT_OPTION } from '../input-options.js';

/** `kvprefix seed <log>`: the completed-turn prefix a fork child of this session would inherit. */
export const seedCommand: Command = {
  ...SEED_HELP,
  async run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
    const { values, positionals } = parseOptions(argv, { ...FORMAT_OPTIONS, ...MAX_INPUT_OPTION });
    const format = formatOption(values, ['text', 'json']);
    if (positionals.length !== 1) throw new UsageError('usage/arguments', `expected one session log, got ${positionals.length}`);
    const { source, seed, unfinishedLine } = await seedOfLog(positionals[0]!, { cwd: io.cwd, ...inputOptions(values, io) });
    // A running agent's log: say what was left out, on stderr so `--json` stays one document.
    if (unfinishedLine) io.stderr(unfinishedLineNote(source, unfinishedLine));
    io.stdout(format === 'json' ? `${JSON.stringify(seed)}\n` : renderSeedText(source, seed));
    return EXIT.ok;
  },
};
