import type { DemoAnalysis, DemoChild } from '../demo/analyze-demo-tree.js';
import { groupDigits } from '../../prefix/group-digits.js';

const count = groupDigits;
const percent = (part: number, whole: number) => (whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`);

/** How a child was started, e.g. `fork, continuable, via subagent_fork_continuable`. */
export function childStart(child: DemoChild): string {
  return `${child.provider}${child.continuable ? ', continuable' : ''}${child.tool ? ` via ${child.tool}` : ''}`;
}

const PLACE = { head: 'in its head at', history: 'inside its inherited history at', own: 'at its own' } as const;

function breakText(child: DemoChild): string {
  if (!child.break) return 'never: it shares the parent request whole';
  const { kind, name, about, cause, where } = child.break;
  const aboutText = about === name ? '' : ` (${about})`;
  return `${PLACE[where]} ${kind} '${name}'${aboutText}, cause ${cause}`;
}

/** The demo's analysis as terminal text: the parent's totals, then per child its tokens, reuse, break and verdict. */
export function demoText(analysis: DemoAnalysis): string {
  const { parent, children, cost, tree } = analysis;
  const lines = [
    `parent ${parent.file}: ${parent.requests} requests, ${count(parent.tokens)} tokens, ${count(parent.reused)} predicted reused (${percent(parent.reused, parent.tokens)})`,
    '',
  ];
  children.forEach((child, index) => {
    lines.push(
      `${index + 1}. ${child.file} (${childStart(child)})${child.description ? `: ${child.description}` : ''}`,
      `   first request ${count(child.tokens)} tokens: ${count(child.reused)} predicted reused, ${count(child.lost)} lost (head ${count(child.headTokens)}, inherited history ${count(child.inheritedTokens)})`,
      `   breaks ${breakText(child)}`,
      `   → ${child.verdict}`,
      '',
    );
  });
  lines.push(
    `input cost of the whole tree: ${cost.currency} ${cost.predicted.toFixed(6)} as predicted, ${cost.currency} ${cost.withoutCache.toFixed(6)} with no reuse (${tree.policy} policy, ${tree.tokenizer} tokens)`,
    `prices: ${cost.prices}`,
  );
  return `${lines.join('\n')}\n`;
}
