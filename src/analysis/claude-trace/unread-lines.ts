import type { UnreplayedCall } from './trace-log.js';

/** Line numbers as runs: `3`, `3, 5`, `3–6, 9`. */
function lineRuns(lines: readonly number[]): string {
  const runs: string[] = [];
  for (let at = 0; at < lines.length; ) {
    let end = at;
    while (end + 1 < lines.length && lines[end + 1] === lines[end]! + 1) end++;
    runs.push(end === at ? `${lines[at]}` : `${lines[at]}–${lines[end]}`);
    at = end + 1;
  }
  return runs.join(', ');
}

/**
 * The note naming every line of a log that was not read as a call with usage, grouped by reason
 * (a long session logs hundreds of telemetry calls; each still appears, by its line number).
 */
export function unreadLinesNote(label: string, unread: readonly UnreplayedCall[]): string {
  const byReason = new Map<string, number[]>();
  for (const { line, what } of unread) {
    const lines = byReason.get(what);
    if (lines) lines.push(line);
    else byReason.set(what, [line]);
  }
  const reasons = [...byReason].map(([what, lines]) => `${lines.length === 1 ? 'line' : 'lines'} ${lineRuns(lines)}: ${what}`);
  return `${label}: ${unread.length} line${unread.length === 1 ? '' : 's'} not read as calls with usage (${reasons.join('; ')})`;
}
