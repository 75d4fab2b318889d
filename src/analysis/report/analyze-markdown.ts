import type { AnalyzeResult } from '../analyze/analyze-paths.js';
import { overallTotals, treeTotals } from '../analyze/analyze-totals.js';
import { divergenceLines, NUMERIC_COLUMNS, REQUEST_COLUMNS, requestCells, sessionTitle } from './analyze-rows.js';
import { cell } from './diff-text.js';
import { duplicationLines } from './duplication-lines.js';
import { totalsLine } from './analyze-text.js';

/** The same report as Markdown, fit for a pull-request comment: a table per session, causes in a collapsed list, totals in bold, then the duplication account of a tree with children. */
export function renderAnalyzeMarkdown(result: AnalyzeResult): string {
  const out: string[] = ['## kvprefix analyze', ''];
  result.trees.forEach((tree, index) => {
    out.push(`### Session tree ${index + 1}: \`${cell(tree.sessions[0]?.file ?? '(empty)')}\``, '', `Policy \`${tree.policy}\`, tokens in \`${tree.tokenizer}\`.`, '');
    for (const session of tree.sessions) {
      out.push(`#### \`${cell(sessionTitle(session))}\``, '');
      out.push(`| ${REQUEST_COLUMNS.join(' | ')} |`, `| ${REQUEST_COLUMNS.map((_, column) => (NUMERIC_COLUMNS.has(column) ? '---:' : '---')).join(' | ')} |`);
      for (const request of session.requests) out.push(`| ${requestCells(request).map(cell).join(' | ')} |`);
      const causes = divergenceLines(session);
      if (causes.length > 0) out.push('', '<details><summary>Causes</summary>', '', ...causes.map((line) => `- ${cell(line)}`), '', '</details>');
      out.push('');
    }
    out.push(`**${totalsLine(treeTotals(tree), result.currency)}**`, '');
    const duplication = result.duplications[index];
    if (duplication) {
      const section = duplicationLines(duplication);
      out.push(`#### ${cell(section.title.replace(/^duplication/, 'Duplication'))}`, '', ...section.lines.map((line) => `- ${cell(line)}`), '');
      out.push('<details><summary>Assumptions</summary>', '', ...section.notes.map((note) => `- ${cell(note)}`), '', '</details>', '');
    }
    if (tree.notes.length > 0) out.push(...tree.notes.map((note) => `> ${cell(note)}`), '');
  });
  if (result.trees.length > 1) out.push(`**All ${result.trees.length} trees: ${totalsLine(overallTotals(result.trees), result.currency).replace(/^totals: /, '')}**`, '');
  for (const skip of result.skipped) out.push(`- skipped \`${cell(skip.file)}\`: ${cell(skip.reason)}`);
  out.push('<sub>* cause inferred from the request bytes (no host scope)</sub>');
  return `${out.join('\n').trimEnd()}\n`;
}
