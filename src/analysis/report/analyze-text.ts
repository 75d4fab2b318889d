import type { AnalyzeResult } from '../analyze/analyze-paths.js';
import { causeAccuracyLine, explainedMissLines } from '../self-check/cause-agreement.js';
import { accuracyLine, predictionAccuracy } from '../self-check/prediction-accuracy.js';
import { overallTotals, treeTotals, type UsageTotals } from '../analyze/analyze-totals.js';
import type { AnalyzeReport } from '../analyze/analyze-report.js';
import { causeCell, divergenceLines, NUMERIC_COLUMNS, REQUEST_COLUMNS, requestCells, sessionTitle, treeRoutes, treeTitle } from './analyze-rows.js';
import { CAUSE_COLUMNS, CAUSE_NUMERIC_COLUMNS, causeCells, lossHeadline, missingPriceLines, sourceLine, whatIfLines } from './cause-summary.js';
import { alignedRows, ROLL_UP_NUMERIC_COLUMNS, rollUpCells, rollUpColumns } from './roll-up-table.js';
import { duplicationLines } from './duplication-lines.js';
import { terminalText } from '../text/terminal-text.js';
import { count, money } from './text-format.js';

/** Options of the terminal renderer. */
export interface AnalyzeTextOptions {
  /** ANSI colour on the cause column and headings (only when writing to a terminal). */
  readonly colour?: boolean;
  /** One table row per request (default true); without, one totals line per tree (`--requests`). */
  readonly requests?: boolean;
}

/** A result with the report of where its cache went (`reportAnalysis`, `analyzeClaudeCodeProjects`). */
type MaybeReported = AnalyzeResult & { readonly report?: AnalyzeReport };

/** The lines that open a report: where the read came from, where the cache went and why, the what-ifs, the `--by` table. */
export function summaryLines(result: MaybeReported, heading: (text: string) => string): string[] {
  const report = result.report;
  if (report === undefined) return [];
  const out: string[] = [];
  const source = sourceLine(report, result.trees.length);
  if (source !== null) out.push(source, '');
  out.push(heading(lossHeadline(report.byCause, result.currency, overallTotals(result.trees).observed)));
  const rows = report.byCause.map((row) => causeCells(row, result.currency));
  const lines = alignedRows(CAUSE_COLUMNS, rows, CAUSE_NUMERIC_COLUMNS);
  out.push(`  ${lines[0]}`);
  report.byCause.forEach((row, at) => out.push(`  ${lines[at + 1]}`, `      → ${row.advice}`));
  const missing = missingPriceLines(report);
  if (missing.length > 0) out.push('', ...missing.map((line) => heading(`warning: ${line}`)));
  const whatIfs = whatIfLines(report, result.currency);
  if (whatIfs.length > 0) out.push('', ...whatIfs);
  if (report.rollUp !== null) {
    out.push('', heading(`by ${report.rollUp.by}`), ...alignedRows(rollUpColumns(report.rollUp.by), report.rollUp.rows.map((row) => rollUpCells(row, result.currency)), ROLL_UP_NUMERIC_COLUMNS).map((line) => `  ${line}`));
  }
  out.push('');
  return out;
}

const ANSI = { bold: '\u001b[1m', dim: '\u001b[2m', red: '\u001b[31m', green: '\u001b[32m', yellow: '\u001b[33m', reset: '\u001b[0m' } as const;

/** Colour of a cause: green when all of the earlier request is reused, yellow at the task, red for anything lost before it. */
function causeColour(cause: string): string {
  if (cause === 'extension' || cause === 'identical' || cause === 'first') return ANSI.green;
  if (cause === 'task' || cause === 'runtime-context') return ANSI.yellow;
  return ANSI.red;
}

function table(rows: readonly string[][], colour: boolean): string[] {
  const widths = REQUEST_COLUMNS.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[], header: boolean) =>
    cells
      .map((cell, column) => {
        const padded = NUMERIC_COLUMNS.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!);
        if (!colour) return padded;
        if (header) return `${ANSI.bold}${padded}${ANSI.reset}`;
        return column === REQUEST_COLUMNS.length - 1 ? `${causeColour(cell.split(' ')[0]!.replace(/\*$/, ''))}${padded}${ANSI.reset}` : padded;
      })
      .join('  ')
      .trimEnd();
  return [line([...REQUEST_COLUMNS], true), ...rows.map((row) => line(row, false))];
}

const rate = (value: number) => `${(100 * value).toFixed(1)}%`;

/** "totals: 3 requests, 3,120 tokens; predicted read 2,816 (90.3%); observed read 2,816 of 3,120 (90.3%); cost $0.0012 predicted, $0.0012 observed" */
export function totalsLine(totals: UsageTotals, currency: string): string {
  const observed = totals.observed;
  const parts = [
    `${count(totals.requests)} request${totals.requests === 1 ? '' : 's'}, ${count(totals.tokens)} tokens`,
    `predicted read ${count(totals.predicted.cacheRead)} (${rate(totals.predictedHitRate)}), written ${count(totals.predicted.cacheWrite)}`,
    observed
      ? `observed read ${count(observed.cacheRead)} of ${count(observed.uncached + observed.cacheRead + observed.cacheWrite)} (${rate(observed.hitRate)}) on ${count(observed.requests)} logged`
      : 'no usage logged',
    `cost ${money(totals.cost.predicted, currency)} predicted${totals.cost.observed === null ? '' : `, ${money(totals.cost.observed, currency)} observed`}`,
  ];
  return `totals: ${parts.join('; ')}`;
}

/**
 * The readers' notes said once: those of several trees, and a tree's own only when there are few
 * trees (over a projects folder, one note per transcript would bury the report; --requests shows them).
 */
export function commonNotes(trees: readonly { readonly notes: readonly string[] }[]): string[] {
  const counts = new Map<string, number>();
  for (const tree of trees) for (const note of new Set(tree.notes)) counts.set(note, (counts.get(note) ?? 0) + 1);
  const shown = [...counts].filter(([, count]) => count > 1 || trees.length <= 3).map(([note]) => note);
  const hidden = counts.size - shown.length;
  return hidden === 0 ? shown : [...shown, `${hidden} note${hidden === 1 ? '' : 's'} about single sessions (skipped bookkeeping entries and the like): --requests shows them`];
}

/** The terminal report of `kvprefix analyze`: a table per session of each tree, causes, totals, the duplication account of a tree with children, notes. */
export function renderAnalyzeText(result: MaybeReported, options: AnalyzeTextOptions = {}): string {
  const colour = options.colour === true;
  const heading = (text: string) => (colour ? `${ANSI.bold}${text}${ANSI.reset}` : text);
  const out: string[] = summaryLines(result, heading);
  if (options.requests === false) {
    // Without --requests each tree is one line, and the readers' notes are said once.
    if (result.report?.rollUp === null || result.report === undefined) {
      result.trees.forEach((tree, index) => {
        out.push(`${index + 1}. ${treeTitle(tree, result.report?.trees[index]?.label)} — ${treeRoutes(tree)}`, `   ${totalsLine(treeTotals(tree), result.currency)}`);
        const duplication = result.duplications[index];
        if (duplication) {
          const section = duplicationLines(duplication);
          out.push(`   ${section.title}`, ...section.lines.map((line) => `     ${line}`));
        }
      });
      out.push('');
    }
    out.push(...commonNotes(result.trees).map((note) => `note: ${note}`));
    out.push('(one row per request: --requests)', '');
  } else result.trees.forEach((tree, index) => {
    // A Claude Code or Codex tree is named by its project and title; other trees by their root file, as before.
    const label = tree.sessions[0]?.format === 'claude-code' || tree.sessions[0]?.format === 'codex' ? result.report?.trees[index]?.label : undefined;
    out.push(heading(`session tree ${index + 1}: ${label === undefined ? (tree.sessions[0]?.file ?? '(empty)') : treeTitle(tree, label)} — policy ${tree.policy}, tokens in ${tree.tokenizer}`));
    for (const session of tree.sessions) {
      out.push('', `  ${sessionTitle(session)}`);
      out.push(...table(session.requests.map(requestCells), colour).map((line) => `    ${line}`));
      out.push(...divergenceLines(session).map((line) => `    ${line}`));
    }
    out.push('', `  ${totalsLine(treeTotals(tree), result.currency)}`);
    const duplication = result.duplications[index];
    if (duplication) {
      const section = duplicationLines(duplication);
      out.push('', `  ${heading(section.title)}`, ...section.lines.map((line) => `    ${line}`), ...section.notes.map((note) => `    note: ${note}`));
    }
    out.push(...tree.notes.map((note) => `  note: ${note}`), '');
  });
  if (result.trees.length > 1) out.push(heading(`all ${result.trees.length} trees: ${totalsLine(overallTotals(result.trees), result.currency).replace(/^totals: /, '')}`), '');
  const accuracy = predictionAccuracy(result.trees);
  const selfCheck = accuracyLine(accuracy);
  if (selfCheck !== null) out.push(selfCheck, '');
  const causeCheck = causeAccuracyLine(accuracy.causes);
  if (causeCheck !== null) out.push(causeCheck, ...explainedMissLines(accuracy.causes), '');
  for (const skip of result.skipped) out.push(`skipped ${skip.file}: ${skip.reason}`);
  if (options.requests !== false && result.trees.some((tree) => tree.sessions.some((session) => session.requests.some((request) => causeCell(request).endsWith('*'))))) out.push('* cause inferred from the request bytes (no host scope)');
  return terminalText(`${out.join('\n').trimEnd()}\n`, { colours: colour });
}
