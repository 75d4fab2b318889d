import path from 'node:path';
import { renderHtmlReport } from './html/render-html-report.js';
import type { DemoAnalysis } from '../demo/analyze-demo-tree.js';

/**
 * Each session's label on the demo's page, as the text output names it: the parent by its file, a
 * child by its task ("Draft changelog entry"; its file when it has none), so the bars say which
 * child is which without the text beside them.
 */
export function demoLabels(analysis: DemoAnalysis): Map<string, string> {
  const labels = new Map<string, string>();
  const [root, ...children] = analysis.tree.sessions;
  if (root) labels.set(root.id, `parent ${path.basename(root.file)}`);
  for (const session of children) {
    const child = analysis.children.find((candidate) => candidate.file === path.basename(session.file));
    if (!child) continue;
    labels.set(session.id, child.description ?? child.file);
  }
  return labels;
}

/** The demo's HTML prefix map: the tree's bars, children labelled by their tasks. */
export function demoHtml(analysis: DemoAnalysis): string {
  return renderHtmlReport([analysis.tree], { title: 'kvprefix demo: a DeepSeek Harness parent and four children', labels: demoLabels(analysis) });
}
