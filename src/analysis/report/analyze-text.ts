import type { AnalyzeResult } from '../analyze/analyze-paths.js';
import { overallTotals, treeTotals, type UsageTotals } from '../analyze/analyze-totals.js';
import { causeCell, divergenceLines, NUMERIC_COLUMNS, REQUEST_COLUMNS, requestCells, sessionTitle } from './analyze-rows.js';
import { duplicationLines } from './duplication-lines.js';
import { terminalText } from './terminal-text.js';
import { count, money } from './text-format.js';

/** Options of the terminal renderer. */
export interface AnalyzeTextOptions {
  /** ANSI colour on the cause column and headings (only when writing to a terminal). */
  readonly colour?: boolean;
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
        return column === REQUEST_COLUMNS.length - 1 ? `${causeColour(cell.replace(/\*$/, ''))}${padded}${ANSI.reset}` : padded;
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

/** The terminal report of `kvprefix analyze`: a table per session of each tree, causes, totals, the duplication account of a tree with children, notes. */
export function renderAnalyzeText(result: AnalyzeResult, options: AnalyzeTextOptions = {}): string {
  const colour = options.colour === true;
  const heading = (text: string) => (colour ? `${ANSI.bold}${text}${ANSI.reset}` : text);
  const out: string[] = [];
  result.trees.forEach((tree, index) => {
    out.push(heading(`session tree ${index + 1}: ${tree.sessions[0]?.file ?? '(empty)'} — policy ${tree.policy}, tokens in ${tree.tokenizer}`));
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
  for (const skip of result.skipped) out.push(`skipped ${skip.file}: ${skip.reason}`);
  if (result.trees.some((tree) => tree.sessions.some((session) => session.requests.some((request) => causeCell(request).endsWith('*'))))) out.push('* cause inferred from the request bytes (no host scope)');
  return terminalText(`${out.join('\n').trimEnd()}\n`, { colours: colour });
}
