import { explainExitCode, explainReport, renderModelExperience } from '../../analysis/index.js';
import { invalidInputLines } from '../../analysis/guard/guard-run.js';
import { UsageError } from '../../prefix/index.js';
import { terminalText } from '../../analysis/text/terminal-text.js';
import type { Command } from '../command.js';
import { EXPLAIN_HELP } from './help.js';
import type { ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { formatOption } from '../option-values.js';
import { guardFiles, parseCompositionArguments } from './guard-inputs.js';

/** `kvprefix explain`: Model Experience cards with the numbers of one composition. */
export const explainCommand: Command = {
  ...EXPLAIN_HELP,
  async run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
    const parsed = parseCompositionArguments(argv);
    // The cards are Markdown already, so Markdown is the default (and only) text form.
    const format = formatOption(parsed.values, ['md', 'json']);
    if (parsed.files.length !== 1) throw new UsageError('usage/arguments', `expected one composition, got ${parsed.files.length}`);
    const [report] = await guardFiles(parsed, io);
    const explained = explainReport(report!);
    const { verdict: _, ...result } = explained;
    for (const warning of result.warnings) io.stderr(terminalText(`kvprefix explain: ${warning}\n`));
    io.stdout(format === 'json' ? `${JSON.stringify(result)}\n` : renderModelExperience(result.cards, result.source, result.unexplained));
    io.stderr(invalidInputLines([report!]));
    return explainExitCode(explained);
  },
};
