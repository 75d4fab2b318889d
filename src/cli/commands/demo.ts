import { fileURLToPath } from 'node:url';
import { readRequestFile, type WireRequest } from '../../analysis/index.js';
import { comparePrefix, UsageError, type PrefixComparison } from '../../prefix/index.js';
import type { Command } from '../command.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { parseOptions } from '../parse-options.js';
import { attributedDivergence, comparisonJson, comparisonText } from './diff.js';

/**
 * The bundled examples, found from this module so that the same path works from `src/cli/commands`
 * (tsx, tests) and from `dist/cli/commands` (the built CLI): both sit three levels below the package
 * root, where `examples/` is.
 */
export const EXAMPLES_DIRECTORY = fileURLToPath(new URL('../../../examples/', import.meta.url));

/** The pairs the demo compares: one parent request against each kind of fork child. */
const PAIRS = [
  {
    name: 'one-shot',
    title: 'One-shot fork child (what DeepSeek Harness ships)',
    story: 'The child is seeded with the parent\'s completed turn and adds only its task.',
    parent: 'fork-parent.request.json',
    child: 'fork-child-one-shot.request.json',
  },
  {
    name: 'continuable',
    title: 'Continuable fork child (same seed and task)',
    story: 'A continuable child gets the `report` tool and its `tool:report` prompt section, both in the request head.',
    parent: 'fork-parent.request.json',
    child: 'fork-child-continuable.request.json',
  },
] as const;

const HEAD_KINDS = new Set(['system', 'tool', 'sdk']);

/** One line saying what the comparison means for the child, from its numbers. */
function verdict(parentRequest: WireRequest, childRequest: WireRequest, comparison: PrefixComparison): string {
  const { commonPrefix, child } = comparison;
  const divergence = attributedDivergence(parentRequest, childRequest, comparison);
  const prefill = `→ ${(child.tokens - commonPrefix.tokens).toLocaleString('en-US')} tokens to prefill`;
  if (divergence === null) return `${prefill}: the child is byte-identical to the parent`;
  if (HEAD_KINDS.has(divergence.kind)) return `${prefill}: the head differs before the first message, so all inherited history is prefilled again`;
  return `${prefill}: head and inherited history are reused; the child's own part starts at its ${divergence.kind} '${divergence.name}'`;
}

const indent = (text: string) => text.replace(/^(?=.)/gm, '   ');

/** `kvprefix demo`: diffs the bundled DeepSeek Harness parent request against its fork children. */
export const demoCommand: Command = {
  name: 'demo',
  summary: 'diff a bundled parent request against its one-shot and continuable fork children',
  usage: 'usage: kvprefix demo [--json]',
  async run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
    const { values, positionals } = parseOptions(argv, { json: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError('usage/arguments', `demo takes no arguments, got '${positionals[0]}'`);
    const results = [];
    for (const pair of PAIRS) {
      const parent = await readRequestFile(pair.parent, { cwd: EXAMPLES_DIRECTORY });
      const child = await readRequestFile(pair.child, { cwd: EXAMPLES_DIRECTORY });
      results.push({ pair, parent, child, comparison: comparePrefix(parent.request, child.request) });
    }
    if (values['json']) {
      const pairs = results.map(({ pair, parent, child, comparison }) => ({ name: pair.name, title: pair.title, ...comparisonJson(parent, child, comparison) }));
      io.stdout(`${JSON.stringify({ examples: EXAMPLES_DIRECTORY, pairs })}\n`);
      return EXIT.ok;
    }
    const sections = results.map(({ pair, parent, child, comparison }, index) =>
      [`${index + 1}. ${pair.title}`, `   ${pair.story}`, indent(comparisonText(parent, child, comparison)).trimEnd(), `   ${verdict(parent, child, comparison)}`].join('\n'),
    );
    io.stdout(
      [
        'kvprefix demo: one DeepSeek Harness parent request and two fork children',
        `(${EXAMPLES_DIRECTORY}; rebuilt from DSH's subagent-fork-in-process and subagent-report recordings, MIT)`,
        '',
        sections.join('\n\n'),
        '',
      ].join('\n'),
    );
    return EXIT.ok;
  },
};
