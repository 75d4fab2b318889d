import { fileURLToPath } from 'node:url';
import { renderDemoText, runDemo } from '../../analysis/index.js';
import { UsageError } from '../../prefix/index.js';
import type { Command } from '../command.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { parseOptions } from '../parse-options.js';

/**
 * The bundled examples, found from this module so that the same path works from `src/cli/commands`
 * (tsx, tests) and from `dist/cli/commands` (the built CLI): both sit three levels below the package
 * root, where `examples/` is.
 */
export const EXAMPLES_DIRECTORY = fileURLToPath(new URL('../../../examples/', import.meta.url));

/** `kvprefix demo`: diffs the bundled DeepSeek Harness parent request against its fork children. */
export const demoCommand: Command = {
  name: 'demo',
  summary: 'diff a bundled parent request against its one-shot and continuable fork children',
  usage: 'usage: kvprefix demo [--json]',
  async run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
    const { values, positionals } = parseOptions(argv, { json: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError('usage/arguments', `demo takes no arguments, got '${positionals[0]}'`);
    const result = await runDemo(EXAMPLES_DIRECTORY);
    io.stdout(values['json'] ? `${JSON.stringify(result)}\n` : renderDemoText(result));
    return EXIT.ok;
  },
};
