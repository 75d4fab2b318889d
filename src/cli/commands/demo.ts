import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeDemoTree } from '../../analysis/demo/analyze-demo-tree.js';
import { demoHtml } from '../../analysis/report/demo-html.js';
import { demoText } from '../../analysis/report/demo-text.js';
import { UsageError } from '../../prefix/index.js';
import { packageFile } from '../../prefix/package-file.js';
import { unwritableFile } from '../../providers/input/index.js';
import type { Command } from '../command.js';
import { DEMO_HELP } from './help.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { FORMAT_OPTIONS, formatOption } from '../option-values.js';
import { parseOptions } from '../parse-options.js';

/**
 * The examples shipped in the package's `examples/`.
 */
export const EXAMPLES_DIRECTORY = fileURLToPath(packageFile('examples/'));

/** The session tree the demo analyses (see examples/README.md). */
export const DEMO_TREE = path.join(EXAMPLES_DIRECTORY, 'demo-tree');

/** Where the HTML page goes unless `-o` says otherwise, relative to the working directory. */
export const DEFAULT_DEMO_PAGE = 'kvprefix-demo.html';

const USAGE = DEMO_HELP.usage;

/** The tree's folder as reports show it: relative to where the process runs when it is inside it (`examples/demo-tree` from a checkout), else absolute. */
function shownTree(): string {
  const relative = path.relative(process.cwd(), DEMO_TREE);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : DEMO_TREE;
}

/** `kvprefix demo`: analyses the bundled DSH session tree, prints it per child and writes the HTML prefix map. */
export const demoCommand: Command = {
  ...DEMO_HELP,
  async run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
    const { values, positionals } = parseOptions(argv, { ...FORMAT_OPTIONS, output: { type: 'string', short: 'o' } });
    const format = formatOption(values, ['text', 'json']);
    if (positionals.length > 0) throw new UsageError('usage/arguments', `demo takes no arguments, got '${positionals[0]}'\n${USAGE}`);
    // With --json the page is written only when -o asks for it: --json writes to stdout and nothing else.
    const asked = typeof values['output'] === 'string' ? values['output'] : undefined;
    const given = asked ?? (values['json'] ? undefined : DEFAULT_DEMO_PAGE);
    const page = given === undefined ? null : path.resolve(io.cwd, given);

    const tree = shownTree();
    const analysis = await analyzeDemoTree(tree);
    if (page !== null) {
      await writeFile(page, demoHtml(analysis)).catch((error: unknown) => {
        throw unwritableFile(given!, error);
      });
    }

    if (format === 'json') {
      io.stdout(`${JSON.stringify({ ...analysis, html: page })}\n`);
      return EXIT.ok;
    }
    io.stdout(
      [
        'kvprefix demo: a DeepSeek Harness parent forks one-shot, forks continuable, spawns, and spawns with a persona',
        `(${tree}: logs written by the modelled runtime on DSH's text-turn head; replayed through the ${analysis.tree.policy} cache policy)`,
        '',
        demoText(analysis).trimEnd(),
        '',
        `HTML prefix map: ${page}`,
        '',
      ].join('\n'),
    );
    return EXIT.ok;
  },
};
