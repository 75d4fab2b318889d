import type { RollUpRow } from '../analyze/roll-up.js';
import { count, money } from './text-format.js';

/** The columns of a `--by` table, shared by text and Markdown. */
export function rollUpColumns(by: string): string[] {
  return [by, 'requests', 'input', 'output', 'read', 'written', 'predicted read', 'predicted written', 'hit rate', 'cost', 'predicted cost'];
}

/** Columns holding numbers (right-aligned). */
export const ROLL_UP_NUMERIC_COLUMNS = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

/** The cells of one roll-up row: logged usage first, then the prediction. */
export function rollUpCells(row: RollUpRow, currency: string): string[] {
  return [
    row.title === null ? row.key : `${row.key} (${row.title})`,
    count(row.requests),
    count(row.input),
    count(row.output),
    count(row.observed.cacheRead),
    count(row.observed.cacheWrite),
    count(row.predicted.cacheRead),
    count(row.predicted.cacheWrite),
    `${(100 * row.hitRate).toFixed(1)}%`,
    money(row.cost.observed, currency),
    money(row.cost.predicted, currency),
  ];
}

/** Rows padded into aligned columns (numbers right-aligned), joined by two spaces. */
export function alignedRows(headers: readonly string[], rows: readonly (readonly string[])[], numeric: ReadonlySet<number>): string[] {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)];
}

/** A Markdown table. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[], numeric: ReadonlySet<number>, escape: (text: string) => string): string[] {
  return [
    `| ${headers.map(escape).join(' | ')} |`,
    `| ${headers.map((_, column) => (numeric.has(column) ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
  ];
}
