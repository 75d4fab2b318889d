import type { RequestDiff, DiffSide } from '../diff/request-diff.js';
import { terminalText, markdownText } from '../text/terminal-text.js';
import { count, percent, sizeText, visible } from './text-format.js';
import { providerGuessNote } from '../bodies/detect-provider.js';

const ASSUMED = ' (provider assumed: nothing in the body names it; pass --provider)';

function routeText(side: DiffSide): string {
  return `${side.route.provider}/${side.route.model}, ${side.layout} layout`;
}

/** "cause: report-tool (inferred): …" */
export function causeLine(divergence: NonNullable<RequestDiff['divergence']>): string {
  return `cause: ${divergence.cause}${divergence.inferred ? ' (inferred)' : ''}: ${divergence.detail}`;
}

/** The terminal report of one diff: both sides, where and why they diverge, both sides around the first differing byte, what is shared. */
export function renderDiffText(diff: RequestDiff): string {
  const lines = [
    `parent  ${diff.parent.source}  (${routeText(diff.parent)}): ${sizeText(diff.parent)}`,
    `child   ${diff.child.source}  (${routeText(diff.child)}): ${sizeText(diff.child)}`,
  ];
  const { divergence, commonPrefix } = diff;
  if (divergence === null) {
    lines.push('identical: the child shares every byte of the parent');
  } else {
    const owner = divergence.side === 'child' ? ", the child's" : '';
    lines.push(
      `diverges at segment ${divergence.index} (${divergence.kind} '${divergence.segment}'${owner}), byte ${count(divergence.byteOffset)}`,
      `  ${causeLine(divergence)}`,
      `  parent: ${visible(divergence.excerpt.parent)}`,
      `  child:  ${visible(divergence.excerpt.child)}`,
    );
  }
  lines.push(`common prefix: ${sizeText(commonPrefix)} (${diff.tokenizer}): ${percent(commonPrefix.tokens, diff.child.tokens)} of the child's tokens`);
  for (const [name, side] of [['parent', diff.parent], ['child', diff.child]] as const) {
    if (side.providerBasis === 'assumed') lines.push(`note: ${name} ${side.route.provider}${ASSUMED}`);
    else if (side.providerBasis === 'host') lines.push(`note: ${name} ${providerGuessNote(side.route.provider, side.providerBasis)}`);
    for (const problem of side.problems) lines.push(`note: ${name} ${problem.effect === 'rejected' ? 'is a request the API refuses' : 'has a breakpoint the API does not cache'}: ${problem.message} (rule ${problem.rule}, ${problem.source})`);
  }
  return terminalText(`${lines.join('\n')}\n`);
}

/** Markdown cell text: HTML and pipes escaped, one line. */
export function cell(text: string): string {
  return markdownText(text).replace(/\|/g, '\\|');
}

/** The same report as Markdown, fit for a pull-request comment. */
export function renderDiffMarkdown(diff: RequestDiff): string {
  const { divergence, commonPrefix } = diff;
  const rows = [
    '| | source | route | segments | bytes | tokens |',
    '| --- | --- | --- | ---: | ---: | ---: |',
    ...([['parent', diff.parent], ['child', diff.child]] as const).map(
      ([name, side]) => `| ${name} | \`${cell(side.source)}\` | ${side.route.provider}/${side.route.model}${side.providerBasis === 'assumed' ? ' (assumed)' : side.providerBasis === 'host' ? ' (from the host)' : ''} | ${count(side.segments)} | ${count(side.bytes)} | ${count(side.tokens)} |`,
    ),
    `| shared | | | ${count(commonPrefix.segments)} | ${count(commonPrefix.bytes)} | ${count(commonPrefix.tokens)} (${percent(commonPrefix.tokens, diff.child.tokens)}) |`,
  ];
  const verdict =
    divergence === null
      ? '**identical**: the child shares every byte of the parent.'
      : `**${divergence.cause}**${divergence.inferred ? ' (inferred)' : ''}: ${cell(divergence.detail)} — at segment ${divergence.index} (${divergence.kind} \`${cell(divergence.segment)}\`), byte ${count(divergence.byteOffset)}.`;
  return `${verdict}\n\n${rows.join('\n')}\n\nTokens: ${diff.tokenizer}.\n`;
}
