// Narrow paths: the barrels load every command's code (480 modules with zod and yaml), most of a cold diff's time.
import { diffRequestFiles } from '../../analysis/diff/request-diff.js';
import { renderDiffMarkdown, renderDiffText } from '../../analysis/report/diff-text.js';
import { getTokenizer, UsageError, type LayoutName } from '../../prefix/index.js';
import { STDIN_NAME } from '../../providers/input/input-chunks.js';
import type { Command } from '../command.js';
import { DIFF_HELP } from './help.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { FORMAT_OPTIONS, formatOption, providerOption } from '../option-values.js';
import { parseOptions } from '../parse-options.js';
import { inputOptions, MAX_INPUT_OPTION } from '../input-options.js';
import { diffVerdict, renderDiffVerdict } from '../../analysis/watch/run-verdict.js';
import { terminalText } from '../../analysis/text/terminal-text.js';
import { allowOption, failOnOption } from '../fail-on-options.js';

const LAYOUT_NAMES = ['chat', 'anthropic'] as const satisfies readonly LayoutName[];

function layoutOption(value: unknown): LayoutName | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (LAYOUT_NAMES as readonly string[]).includes(value)) return value as LayoutName;
  throw new UsageError('usage/unknown-layout', `unknown layout '${String(value)}': use one of ${LAYOUT_NAMES.join(', ')}`);
}

/** `kvprefix diff <parent> <child>`: where two captured requests stop sharing a cached prefix, and why. */
export const diffCommand: Command = {
  ...DIFF_HELP,
  async run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
    const { values, positionals } = parseOptions(argv, {
      layout: { type: 'string' },
      provider: { type: 'string' },
      tokenizer: { type: 'string' },
      'fail-on': { type: 'string' },
      allow: { type: 'string', multiple: true },
      ...FORMAT_OPTIONS,
      ...MAX_INPUT_OPTION,
    });
    const failOn = failOnOption(values['fail-on']);
    const allow = allowOption(values['allow'], failOn);
    const format = formatOption(values);
    if (positionals.length !== 2) throw new UsageError('usage/arguments', `expected two request files (parent, child), got ${positionals.length}`);
    if (positionals.every((file) => file.replace(/#\d+$/, '') === STDIN_NAME)) {
      throw new UsageError('usage/arguments', 'standard input (-) can be only one of the two requests');
    }
    const layout = layoutOption(values['layout']);
    const provider = providerOption(values['provider']);
    const tokenizer = getTokenizer(typeof values['tokenizer'] === 'string' ? values['tokenizer'] : undefined);
    const diff = await diffRequestFiles(positionals[0]!, positionals[1]!, { cwd: io.cwd, tokenizer, ...inputOptions(values, io), ...(layout ? { layout } : {}), ...(provider ? { provider } : {}) });
    io.stdout(format === 'json' ? `${JSON.stringify(diff)}\n` : format === 'md' ? renderDiffMarkdown(diff) : renderDiffText(diff));
    if (failOn === undefined) return EXIT.ok;
    const verdict = diffVerdict(diff.divergence, failOn, allow);
    const where = diff.divergence ? ` at ${diff.divergence.kind} '${diff.divergence.segment}': ${diff.divergence.detail}` : '';
    io.stderr(terminalText(renderDiffVerdict(verdict, where)));
    return verdict.failed ? EXIT.findings : EXIT.ok;
  },
};
