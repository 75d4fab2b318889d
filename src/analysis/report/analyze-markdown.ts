import type { AnalyzeResult } from '../analyze/analyze-paths.js';
import { overallTotals, treeTotals } from '../analyze/analyze-totals.js';
import { causeAccuracyLine, explainedMissLines } from '../self-check/cause-agreement.js';
import { accuracyLine, predictionAccuracy } from '../self-check/prediction-accuracy.js';
import { divergenceLines, NUMERIC_COLUMNS, REQUEST_COLUMNS, requestCells, sessionTitle } from './analyze-rows.js';
import { chunkedWriter, type ChunkedWriter } from './chunked-writer.js';
import { cell } from './diff-text.js';
import { duplicationLines } from './duplication-lines.js';
import { commonNotes, totalsLine } from './analyze-text.js';
import type { AnalyzeReport } from '../analyze/analyze-report.js';
import { treeRoutes, treeTitle } from './analyze-rows.js';
import { CAUSE_COLUMNS, CAUSE_NUMERIC_COLUMNS, causeCells, lossHeadline, missingPriceLines, sourceLine, whatIfLines } from './cause-summary.js';
import { markdownTable, ROLL_UP_NUMERIC_COLUMNS, rollUpCells, rollUpColumns } from './roll-up-table.js';

/** Options of the Markdown renderer. */
export interface AnalyzeMarkdownOptions {
  /** A table row per request (default true); without, one totals line per tree. */
  readonly requests?: boolean;
}

/** "Where the cache went" as Markdown: the headline, a table by cause with the advice, the what-ifs, the `--by` table. */
function summaryMarkdown(result: AnalyzeResult & { readonly report?: AnalyzeReport }): string[] {
  const report = result.report;
  if (report === undefined) return [];
  const out: string[] = [];
  const source = sourceLine(report, result.trees.length);
  if (source !== null) out.push(cell(source), '');
  out.push(`### ${cell(lossHeadline(report.byCause, result.currency, overallTotals(result.trees).observed).replace(/^where/, 'Where'))}`, '');
  const headers = [...CAUSE_COLUMNS, 'to avoid it'];
  out.push(...markdownTable(headers, report.byCause.map((row) => [...causeCells(row, result.currency), row.advice]), CAUSE_NUMERIC_COLUMNS, cell), '');
  const missing = missingPriceLines(report);
  if (missing.length > 0) out.push(...missing.map((line) => `> **Warning:** ${cell(line)}`), '');
  out.push(...whatIfLines(report, result.currency).map((line) => `- ${cell(line)}`));
  if (report.rollUp !== null) {
    out.push('', `### By ${report.rollUp.by}`, '', ...markdownTable(rollUpColumns(report.rollUp.by), report.rollUp.rows.map((row) => rollUpCells(row, result.currency)), ROLL_UP_NUMERIC_COLUMNS, cell));
  }
  out.push('');
  return out;
}

/**
 * Lines written as they come, joined with line breaks. Trailing whitespace is held back until a line
 * with text follows it, so the document ends exactly as `lines.join('\n').trimEnd()` would, without
 * ever being one string.
 */
class StreamedLines {
  readonly #chunks: ChunkedWriter;
  #started = false;
  #pending = '';

  constructor(chunks: ChunkedWriter) {
    this.#chunks = chunks;
  }

  push(...lines: string[]): void {
    for (const line of lines) {
      const text = `${this.#pending}${this.#started ? '\n' : ''}${line}`;
      this.#started = true;
      const kept = text.trimEnd();
      this.#pending = text.slice(kept.length);
      if (kept !== '') this.#chunks.emit(kept);
    }
  }

  /** Ends the document with one line break. */
  close(): void {
    this.#chunks.emit('\n');
    this.#chunks.flush();
  }
}

/** The same report as Markdown, fit for a pull-request comment: a table per session, causes in a collapsed list, totals in bold, then the duplication account of a tree with children. */
export function renderAnalyzeMarkdown(result: AnalyzeResult & { readonly report?: AnalyzeReport }, options: AnalyzeMarkdownOptions = {}): string {
  const chunks: string[] = [];
  writeAnalyzeMarkdown(result, (chunk) => void chunks.push(chunk), options);
  return chunks.join('');
}

/**
 * Writes the Markdown report piece by piece, tree by tree and request by request, as `--json` is
 * written: a long run's report is never held as one string. The text is `renderAnalyzeMarkdown`'s.
 */
export function writeAnalyzeMarkdown(result: AnalyzeResult & { readonly report?: AnalyzeReport }, write: (chunk: string) => void, options: AnalyzeMarkdownOptions = {}): void {
  const out = new StreamedLines(chunkedWriter(write));
  out.push('## kvprefix analyze', '', ...summaryMarkdown(result));
  if (options.requests === false) {
    if (result.report?.rollUp == null) result.trees.forEach((tree, index) => out.push(`${index + 1}. \`${cell(treeTitle(tree, result.report?.trees[index]?.label))}\` (${cell(treeRoutes(tree))}): ${cell(totalsLine(treeTotals(tree), result.currency))}`));
    out.push('', ...commonNotes(result.trees).map((note) => `> ${cell(note)}`), '', '<sub>one row per request: --requests</sub>', '');
  } else result.trees.forEach((tree, index) => {
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
  // The self-check, as the text report gives it: whether to trust the predictions on these logs.
  const accuracy = predictionAccuracy(result.trees);
  const selfCheck = [accuracyLine(accuracy), causeAccuracyLine(accuracy.causes), ...explainedMissLines(accuracy.causes)].filter((line): line is string => line !== null);
  if (selfCheck.length > 0) out.push(...selfCheck.map((line) => `- ${cell(line)}`), '');
  for (const skip of result.skipped) out.push(`- skipped \`${cell(skip.file)}\`: ${cell(skip.reason)}`);
  if (options.requests !== false) out.push('<sub>* cause inferred from the request bytes (no host scope)</sub>');
  out.close();
}
