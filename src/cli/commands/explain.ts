import { guardWarnings, modelExperienceCards, renderModelExperience, unexplainedDelegations } from '../../analysis/index.js';
import { UsageError } from '../../prefix/index.js';
import type { Command } from '../command.js';
import { EXPLAIN_HELP } from './help.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { guardFiles, invalidInput, invalidInputLines, parseCompositionArguments } from './guard-inputs.js';

/** `kvprefix explain`: Model Experience cards with the numbers of one composition. */
export const explainCommand: Command = {
  ...EXPLAIN_HELP,
  async run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
    const parsed = parseCompositionArguments(argv, false);
    if (parsed.files.length !== 1) throw new UsageError('usage/arguments', `expected one composition, got ${parsed.files.length}`);
    const [report] = await guardFiles(parsed, io);
    const cards = modelExperienceCards(report!);
    const unexplained = unexplainedDelegations(report!);
    const warnings = guardWarnings(report!);
    for (const warning of warnings) io.stderr(`kvprefix explain: ${warning}\n`);
    io.stdout(parsed.values['json'] ? `${JSON.stringify({ source: report!.source, cards, unexplained, warnings })}\n` : renderModelExperience(cards, report!.source, unexplained));
    const invalid = invalidInput(report!.findings);
    if (invalid.length > 0) {
      io.stderr(invalidInputLines(invalid));
      return EXIT.input;
    }
    return unexplained.length > 0 ? EXIT.findings : EXIT.ok;
  },
};
