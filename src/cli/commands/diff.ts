import { attributeDivergence, causeText, readRequestFile, type AttributedDivergence, type WireRequest } from '../../analysis/index.js';
import { comparePrefix, getTokenizer, UsageError, type LayoutName, type PrefixComparison, type PrefixSize } from '../../prefix/index.js';
import { DEFAULT_MAX_INPUT_BYTES, STDIN_NAME } from '../../providers/index.js';
import type { Command } from '../command.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { parseOptions } from '../parse-options.js';
import { inputOptions, MAX_INPUT_FLAG, MAX_INPUT_OPTION, MAX_INPUT_USAGE } from '../input-options.js';

const USAGE = `usage: kvprefix diff <parent> <child> [--layout chat|anthropic] [--tokenizer o200k_base|cl100k_base] ${MAX_INPUT_USAGE} [--json]\n` +
  '  <parent>, <child>: request body files (OpenAI/DeepSeek chat, Anthropic messages; JSON) or cassettes (YAML; name.yaml#N picks the N-th request); - reads standard input (a pick of it, -#N, goes after --)\n' +
  `  --${MAX_INPUT_FLAG}: refuse files larger than this many MiB (default ${DEFAULT_MAX_INPUT_BYTES / 1024 / 1024})`;

const LAYOUT_NAMES = ['chat', 'anthropic'] as const satisfies readonly LayoutName[];

/** What one side of a diff is, for both renderings. */
function sideJson(side: WireRequest, size: PrefixSize) {
  const { route, layout } = side.request;
  return { ...size, source: side.source, format: side.format, route: { provider: route.provider, model: route.model }, layout };
}

/** The comparison's divergence with its cause, or null for identical requests. */
export function attributedDivergence(parent: WireRequest, child: WireRequest, comparison: PrefixComparison): AttributedDivergence | null {
  return comparison.divergence ? attributeDivergence(parent.request, child.request, comparison.divergence) : null;
}

/** The `--json` document: the comparison, with each side's source, format, route and layout. */
export function comparisonJson(parent: WireRequest, child: WireRequest, comparison: PrefixComparison) {
  return {
    commonPrefix: comparison.commonPrefix,
    divergence: attributedDivergence(parent, child, comparison),
    parent: sideJson(parent, comparison.parent),
    child: sideJson(child, comparison.child),
    tokenizer: comparison.tokenizer,
  };
}

const ESCAPES: Record<string, string> = { '\n': '\\n', '\t': '\\t', '\r': '\\r' };

/** Text as it is, with line breaks and other control characters shown as escapes so one excerpt stays one line. */
function visible(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, (char) => ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const count = (value: number) => value.toLocaleString('en-US');
const sizeText = (size: PrefixSize) => `${count(size.segments)} segments, ${count(size.bytes)} bytes, ${count(size.tokens)} tokens`;
const percent = (part: number, whole: number) => (whole === 0 ? '100%' : `${((100 * part) / whole).toFixed(1)}%`);

/** The human report of one comparison: where and why the requests diverge, and what they share. */
export function comparisonText(parent: WireRequest, child: WireRequest, comparison: PrefixComparison): string {
  const route = (side: WireRequest) => `${side.request.route.provider}/${side.request.route.model}, ${side.request.layout} layout`;
  const lines = [
    `parent  ${parent.source}  (${route(parent)}): ${sizeText(comparison.parent)}`,
    `child   ${child.source}  (${route(child)}): ${sizeText(comparison.child)}`,
  ];
  const { commonPrefix } = comparison;
  const divergence = attributedDivergence(parent, child, comparison);
  if (divergence === null) {
    lines.push('identical: the child shares every byte of the parent');
  } else {
    const owner = divergence.side === 'child' ? " (the child's; the parent ends before it)" : '';
    lines.push(
      `diverges at segment ${divergence.index} (${divergence.kind}${owner}), byte ${count(divergence.byteOffset)}`,
      `  cause: ${divergence.cause}: ${causeText(divergence.cause, divergence.name)}`,
      `  parent: ${visible(divergence.excerpt.parent)}`,
      `  child:  ${visible(divergence.excerpt.child)}`,
    );
  }
  lines.push(
    `common prefix: ${sizeText(commonPrefix)} (${comparison.tokenizer}): ${percent(commonPrefix.tokens, comparison.child.tokens)} of the child's tokens`,
  );
  return `${lines.join('\n')}\n`;
}

function layoutOption(value: unknown): LayoutName | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (LAYOUT_NAMES as readonly string[]).includes(value)) return value as LayoutName;
  throw new UsageError('usage/unknown-layout', `unknown layout '${String(value)}': use one of ${LAYOUT_NAMES.join(', ')}`);
}

/** `kvprefix diff <parent> <child>`: where two captured requests stop sharing a cached prefix, and why. */
export const diffCommand: Command = {
  name: 'diff',
  summary: 'where two request bodies stop sharing a cached prefix, and why',
  usage: USAGE,
  async run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
    const { values, positionals } = parseOptions(argv, { layout: { type: 'string' }, tokenizer: { type: 'string' }, json: { type: 'boolean' }, ...MAX_INPUT_OPTION });
    if (positionals.length !== 2) throw new UsageError('usage/arguments', `expected two request files (parent, child), got ${positionals.length}`);
    if (positionals.every((file) => file.replace(/#\d+$/, '') === STDIN_NAME)) {
      throw new UsageError('usage/arguments', 'standard input (-) can be only one of the two requests');
    }
    const layout = layoutOption(values['layout']);
    const tokenizer = getTokenizer(typeof values['tokenizer'] === 'string' ? values['tokenizer'] : undefined);
    const options = { cwd: io.cwd, ...inputOptions(values, io), ...(layout ? { layout } : {}) };
    const parent = await readRequestFile(positionals[0]!, options);
    const child = await readRequestFile(positionals[1]!, options);
    const comparison = comparePrefix(parent.request, child.request, { tokenizer });
    io.stdout(values['json'] ? `${JSON.stringify(comparisonJson(parent, child, comparison))}\n` : comparisonText(parent, child, comparison));
    return EXIT.ok;
  },
};
