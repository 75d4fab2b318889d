import type { AnalyzeResult } from '../analyze/analyze-paths.js';
import { overallTotals } from '../analyze/analyze-totals.js';
import type { AnalyzeReport } from '../analyze/analyze-report.js';
import { causeAccuracyLine, explainedMissLines } from '../self-check/cause-agreement.js';
import { predictionAccuracy } from '../self-check/prediction-accuracy.js';
import { CAUSE_COLUMNS, CAUSE_NUMERIC_COLUMNS, causeCells, lossHeadline, missingPriceLines, sourceLine, subagentCount, whatIfLines } from './cause-summary.js';

/** Text as HTML: the five characters that could open markup or end an attribute, as character references. */
export const escapeHtmlText = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * "Where the cache went" as an HTML block for the top of the prefix map: the headline, the table by
 * cause with each cause's advice, and the what-if lines; the same words as the text and Markdown
 * reports. Empty for a result without a report.
 */
export function causeSummaryHtml(result: AnalyzeResult & { readonly report?: AnalyzeReport }): string {
  return `${whereTheCacheWentHtml(result)}${providerCheckHtml(result)}`;
}

/** The self-check of causes against the providers' own diagnoses, and the prediction misses they explain; empty when no response carried one. */
function providerCheckHtml(result: AnalyzeResult): string {
  const causes = predictionAccuracy(result.trees).causes;
  const line = causeAccuracyLine(causes);
  if (line === null) return '';
  return `<section id="provider-diagnosis"><ul>${[line, ...explainedMissLines(causes)].map((text) => `<li>${escapeHtmlText(text)}</li>`).join('')}</ul></section>
`;
}

function whereTheCacheWentHtml(result: AnalyzeResult & { readonly report?: AnalyzeReport }): string {
  const report = result.report;
  if (report === undefined) return '';
  const source = sourceLine(report, result.trees.length);
  const align = (column: number) => (CAUSE_NUMERIC_COLUMNS.has(column) ? ' style="text-align:right;white-space:nowrap"' : '');
  const header = [...CAUSE_COLUMNS, 'to avoid it'].map((name, column) => `<th${align(column)}>${escapeHtmlText(name)}</th>`).join('');
  const rows = report.byCause
    .map((row) => `<tr>${[...causeCells(row, result.currency), row.advice].map((text, column) => `<td${align(column)}>${escapeHtmlText(text)}</td>`).join('')}</tr>`)
    .join('\n');
  const missing = missingPriceLines(report).map((line) => `<p class="warning">Warning: ${escapeHtmlText(line)}</p>`).join('\n');
  const whatIfs = whatIfLines(report, result.currency).map((line) => `<li>${escapeHtmlText(line)}</li>`).join('');
  return `<section id="where-the-cache-went">
${source === null ? '' : `<p class="meta">${escapeHtmlText(source)}</p>\n`}<h2>${escapeHtmlText(lossHeadline(report.byCause, result.currency, overallTotals(result.trees).observed).replace(/^where/, 'Where'))}</h2>
<table><thead><tr>${header}</tr></thead><tbody>
${rows}
</tbody></table>
${missing === '' ? '' : `${missing}\n`}${whatIfs === '' ? '' : `<ul>${whatIfs}</ul>\n`}</section>
`;
}
