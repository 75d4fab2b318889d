import { guardExitCode, guardRun, guardRunJson, renderGuardRun } from '../../analysis/index.js';
import { invalidInputLines } from '../../analysis/guard/guard-run.js';
import { terminalText } from '../../analysis/text/terminal-text.js';
import type { Command } from '../command.js';
import { GUARD_HELP } from './help.js';
import type { ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { formatOption } from '../option-values.js';
import { guardFiles, parseCompositionArguments } from './guard-inputs.js';

/** `kvprefix guard`: the guard checks over DSH compositions, for CI. */
export const guardCommand: Command = {
  ...GUARD_HELP,
  async run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
    const parsed = parseCompositionArguments(argv);
    const format = formatOption(parsed.values, ['text', 'md', 'json']);
    const run = guardRun(await guardFiles(parsed, io));
    // Warnings go to stderr so stdout stays the report (and one JSON document), as seed does.
    for (const warning of run.warnings) io.stderr(terminalText(`kvprefix guard: ${warning}\n`));
    io.stdout(format === 'json' ? `${JSON.stringify(guardRunJson(run))}\n` : renderGuardRun(run, format));
    io.stderr(invalidInputLines(run.reports));
    return guardExitCode(run);
  },
};
