import { guardWarnings, modelExperienceCards, renderModelExperience, unexplainedDelegations } from '../../analysis/index.js';
import { UsageError } from '../../prefix/index.js';
import type { Command } from '../command.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { guardFiles, invalidInput, invalidInputLines, parseCompositionArguments } from './guard-inputs.js';

const USAGE =
  'usage: kvprefix explain <composition> [--host <host composition or bundle patch>...] [--session <parent session log>] [--platform linux|darwin|win32] [--max-input-mb <n>] [--json]\n' +
  '  a Model Experience card per delegation tool and call path: what the child model sees, the token effect, the KV cache effect;\n' +
  '  exit 1 when a delegation cannot be explained (each is named with its reason)';

/** `kvprefix explain`: Model Experience cards with the numbers of one composition. */
export const explainCommand: Command = {
  name: 'explain',
  summary: 'Model Experience cards for each delegation tool of a DSH composition, with its numbers',
  usage: USAGE,
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
