// Narrow paths, not the barrels: `seed` is the command people run in a loop, and the barrels load the
// runtime, YAML, the policies and the HTML report, none of which a fork seed needs.
import { renderSeedText, seedOfLog, unfinishedLineNote } from '../../analysis/report/seed-report.js';
import { UsageError } from '../../prefix/errors.js';
import type { Command } from '../command.js';
import { SEED_HELP } from './help.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { parseOptions } from '../parse-options.js';
import { inputOptions, MAX_INPUT_OPTION } from '../input-options.js';

/** `kvprefix seed <log>`: the completed-turn prefix a fork child of this session would inherit. */
export const seedCommand: Command = {
  ...SEED_HELP,
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
