import { guardJson, guardWarnings, hasErrorFinding, renderGuardReport } from '../../analysis/index.js';
import type { Command } from '../command.js';
import { GUARD_HELP } from './help.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { guardFiles, invalidInput, invalidInputLines, parseCompositionArguments } from './guard-inputs.js';

/** `kvprefix guard`: the guard checks over DSH compositions, for CI. */
export const guardCommand: Command = {
  ...GUARD_HELP,
  async run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
    const parsed = parseCompositionArguments(argv, true);
    const reports = await guardFiles(parsed, io);
    const findings = reports.flatMap((report) => report.findings);
    // Every composition reads the same --session log: say once what was left out of it, on stderr
    // so stdout stays the report (and one JSON document), as seed does.
    const warnings = [...new Set(reports.flatMap(guardWarnings))];
    for (const warning of warnings) io.stderr(`kvprefix guard: ${warning}\n`);
    if (parsed.values['json']) {
      const documents = reports.map(guardJson);
      io.stdout(
        `${JSON.stringify({ ok: documents.every((document) => document.ok), findings: documents.flatMap((document) => document.findings), warnings, files: documents.map(({ findings: _, warnings: __, ...rest }) => rest) })}\n`,
      );
    } else {
      const format = parsed.values['format'] === 'md' ? 'md' : 'text';
      io.stdout(reports.map((report) => renderGuardReport(report, format)).join('\n'));
    }
    if (invalidInput(findings).length > 0) {
      io.stderr(invalidInputLines(findings));
      return EXIT.input;
    }
    return hasErrorFinding(findings) ? EXIT.findings : EXIT.ok;
  },
};
