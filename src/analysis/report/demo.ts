import { diffRequestFiles, type RequestDiff } from '../diff/request-diff.js';
import { renderDiffText } from './diff-text.js';
import { count } from './text-format.js';

/** The pairs the demo compares: one DeepSeek Harness parent request against each kind of fork child. */
export const DEMO_PAIRS = [
  {
    name: 'one-shot',
    title: 'One-shot fork child (what DeepSeek Harness ships)',
    story: "The child is seeded with the parent's completed turn and adds only its task.",
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

/** One pair of the demo: its story, the diff, and the verdict in one line. */
export type DemoPair = { readonly name: string; readonly title: string; readonly story: string; readonly verdict: string } & RequestDiff;

/** The demo's result: where the examples are, and each pair. */
export interface DemoResult {
  readonly examples: string;
  readonly pairs: readonly DemoPair[];
}

const HEAD_KINDS = new Set(['system', 'tool', 'sdk']);

/** One line saying what a diff means for the child: how much it prefills, and why. */
export function demoVerdict(diff: RequestDiff): string {
  const prefill = `→ ${count(diff.child.tokens - diff.commonPrefix.tokens)} tokens to prefill`;
  const { divergence } = diff;
  if (divergence === null) return `${prefill}: the child is byte-identical to the parent`;
  if (divergence.cause === 'extension') return `${prefill}: the child only appends, so everything the parent sent is reused`;
  if (HEAD_KINDS.has(divergence.kind)) return `${prefill}: the head differs before the first message, so all inherited history is prefilled again`;
  return `${prefill}: head and inherited history are reused; the child's own part starts at its ${divergence.kind} '${divergence.segment}'`;
}

/** Runs the demo over the bundled examples in `examplesDirectory`. */
export async function runDemo(examplesDirectory: string): Promise<DemoResult> {
  const pairs: DemoPair[] = [];
  for (const pair of DEMO_PAIRS) {
    const diff = await diffRequestFiles(pair.parent, pair.child, { cwd: examplesDirectory });
    pairs.push({ name: pair.name, title: pair.title, story: pair.story, verdict: demoVerdict(diff), ...diff });
  }
  return { examples: examplesDirectory, pairs };
}

const indent = (text: string) => text.replace(/^(?=.)/gm, '   ');

/** The demo's terminal report. */
export function renderDemoText(result: DemoResult): string {
  const sections = result.pairs.map((pair, index) => [`${index + 1}. ${pair.title}`, `   ${pair.story}`, indent(renderDiffText(pair)).trimEnd(), `   ${pair.verdict}`].join('\n'));
  return [
    'kvprefix demo: one DeepSeek Harness parent request and two fork children',
    `(${result.examples}; rebuilt from DSH's subagent-fork-in-process and subagent-report recordings, MIT)`,
    '',
    sections.join('\n\n'),
    '',
  ].join('\n');
}
