import type { SeriesPoint } from './hit-rate-series.js';

// Eighths of a cell, so an 8-row chart resolves 1/64 of the range.
const EIGHTHS = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

function timeLabel(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/**
 * A small text chart of the hit rate over time: one column per series point, `rows` lines high
 * (even), 0–100% on the left: `100%` and `50%` label the lines whose top edge they are, `0%` the
 * bottom line. A bucket with no requests is drawn as `·` on the base line, so a gap in the
 * traffic does not read as a 0% hit rate.
 */
export function hitRateChart(series: readonly SeriesPoint[], rows = 8): string {
  if (series.length === 0) return '';
  const lines: string[] = [];
  for (let row = rows - 1; row >= 0; row--) {
    const label = row === rows - 1 ? '100%' : row === 0 ? '  0%' : row === rows / 2 - 1 ? ' 50%' : '    ';
    const cells = series.map((point) => {
      if (point.hitRate === null) return row === 0 ? '·' : ' ';
      const eighths = Math.round(point.hitRate * rows * 8) - row * 8;
      return EIGHTHS[Math.max(0, Math.min(8, eighths))]!;
    });
    lines.push(`${label} │${cells.join('')}`);
  }
  const width = series.length;
  const start = timeLabel(series[0]!.startSeconds);
  const end = timeLabel(series[width - 1]!.endSeconds);
  lines.push(`     └${'─'.repeat(width)}`);
  lines.push(`      ${start}${' '.repeat(Math.max(1, width - start.length - end.length))}${end}`);
  return `${lines.join('\n')}\n`;
}
