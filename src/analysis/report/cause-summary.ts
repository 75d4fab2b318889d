import type { AnalyzeReport } from '../analyze/analyze-report.js';
import type { CauseRow, LossExample } from '../analyze/lost-by-cause.js';
import type { ForkWhatIf, TtlWhatIf } from '../analyze/what-if.js';
import type { NotReplayed, SessionTreeAnalysis } from '../result/session-analysis.js';
import { count, money } from './text-format.js';

/** The columns of the "where the cache went" table, shared by text and Markdown. */
export const CAUSE_COLUMNS = ['cause', 'requests', 'tokens lost', 'cost', 'worst example'] as const;

/** Columns holding numbers (right-aligned). */
export const CAUSE_NUMERIC_COLUMNS = new Set([1, 2, 3]);

/** "a7da6a22 #55 at 2025-11-29 16:55 (idle 5m06s since request #54 …)" */
export function exampleText(example: LossExample | null): string {
  if (example === null) return '—';
  const time = example.time === null ? '' : ` at ${example.time.slice(0, 16).replace('T', ' ')} UTC`;
  return `${example.session.slice(0, 8)} #${example.index}${time}: ${example.detail}`;
}

/** The cells of one cause row. */
export function causeCells(row: CauseRow, currency: string): string[] {
  return [row.title, count(row.requests), count(row.tokens), money(row.cost, currency), exampleText(row.worst)];
}

/** What the logs say was prefilled or written, over the requests that logged usage. */
export interface LoggedInput {
  readonly requests: number;
  readonly uncached: number;
  readonly cacheWrite: number;
}

/**
 * "where the cache went, as the replay predicts it: 1,190,154 tokens prefilled or written ($6.2300)
 * (logged: 1,204,311 on 693 requests); …". The rows are the replay's prediction, so the headline
 * says so and sets the logged uncached plus written tokens beside it.
 */
export function lossHeadline(rows: readonly CauseRow[], currency: string, logged: LoggedInput | null = null): string {
  const tokens = rows.reduce((sum, row) => sum + row.tokens, 0);
  const cost = rows.reduce((sum, row) => sum + row.cost, 0);
  const avoidable = rows.filter((row) => row.cause !== 'new-content');
  const lost = avoidable.reduce((sum, row) => sum + row.tokens, 0);
  const lostCost = avoidable.reduce((sum, row) => sum + row.cost, 0);
  const beside = logged === null ? '' : ` (logged: ${count(logged.uncached + logged.cacheWrite)} prefilled or written on ${count(logged.requests)} request${logged.requests === 1 ? '' : 's'})`;
  return `where the cache went, as the replay predicts it: ${count(tokens)} tokens prefilled or written (${money(cost, currency)})${beside}; ${count(lost)} of them (${money(lostCost, currency)}) written or prefilled again for a cause below, the rest new content`;
}

/** "cannot replay 2 requests: <why>" */
function notReplayedText(notReplayed: NotReplayed): string {
  return `cannot replay ${count(notReplayed.requests)} request${notReplayed.requests === 1 ? '' : 's'}: ${notReplayed.reason}`;
}

function ttlLine(whatIf: TtlWhatIf, currency: string): string {
  // Nothing could be replayed again: the line says why, and gives no numbers it did not measure.
  if (whatIf.kind === 'not-replayed') return `what if the TTL were 1 hour: ${notReplayedText(whatIf.notReplayed)}`;
  const besides = whatIf.notReplayed === null ? '' : ` (besides them, ${notReplayedText(whatIf.notReplayed)})`;
  // Requests that already write 1-hour entries replay the same under it: no saving to claim either way.
  const same = Math.abs(whatIf.saved) < 5e-7 && whatIf.cacheRead.replayed === whatIf.cacheRead.alternative;
  const verdict = same ? 'changes nothing' : whatIf.saved >= 0 ? `saves ${money(whatIf.saved, currency)}` : `costs ${money(-whatIf.saved, currency)} more`;
  return `what if the TTL were 1 hour (same ${count(whatIf.requests)} requests replayed): ${verdict} — reads ${count(whatIf.cacheRead.replayed)} → ${count(whatIf.cacheRead.alternative)} tokens, writes cost ${money(whatIf.writeCost.replayed, currency)} → ${money(whatIf.writeCost.alternative, currency)}; input cost ${money(whatIf.cost.replayed, currency)} → ${money(whatIf.cost.alternative, currency)}${besides}`;
}

function forkLine(whatIf: ForkWhatIf, currency: string): string {
  const difference = whatIf.cost.forked - whatIf.cost.spawned;
  const verdict = difference <= 0 ? `saves ${money(-difference, currency)}` : `costs ${money(difference, currency)} more`;
  return `what if the ${count(whatIf.children)} subagent${whatIf.children === 1 ? '' : 's'} had been forked instead of spawned: ${verdict} — ${count(whatIf.requests)} requests send ${count(whatIf.tokens.spawned)} → ${count(whatIf.tokens.forked)} tokens, input cost ${money(whatIf.cost.spawned, currency)} → ${money(whatIf.cost.forked, currency)} (${whatIf.note})`;
}

/** Claude Code subagents with requests in the trees (`--fork` forks those of them `forkableSubagents` finds). */
export function subagentCount(trees: readonly SessionTreeAnalysis[]): number {
  return trees.reduce((sum, tree) => sum + tree.sessions.filter((session) => session.format === 'claude-code' && session.parentSession !== null && session.requests.length > 0).length, 0);
}

/**
 * The what-if lines of a report. Each is a second replay of every request, so each is asked for
 * (`--ttl 1h`, `--fork`); when one was not and the input shows what it is about (an idle gap in
 * requests that do not already write only 1-hour entries,
 * subagents `--fork` would fork), a line says how to get it.
 */
export function whatIfLines(report: AnalyzeReport, currency: string): string[] {
  // Only the subagents `--fork` would fork are offered, so the offer and its answer count the same.
  const subagents = report.forkableSubagents;
  const lines: string[] = [];
  if (report.whatIf.ttl !== null) lines.push(ttlLine(report.whatIf.ttl, currency));
  else if (report.byCause.some((row) => row.cause === 'idle-gap') && (report.loggedWrites.total === 0 || report.loggedWrites.oneHour < report.loggedWrites.total)) lines.push('what if the TTL were 1 hour: run again with --ttl 1h to replay the same requests under it');
  if (report.whatIf.fork !== null) lines.push(forkLine(report.whatIf.fork, currency));
  else if (subagents > 0) lines.push(`what if the ${count(subagents)} subagent${subagents === 1 ? '' : 's'} had been forked instead of spawned: run again with --fork to replay the same requests that way`);
  return lines;
}

/** "read 36 sessions from /home/me/.claude/projects (since 2026-01-01T00:00:00.000Z, days in Europe/Berlin)" */
export function sourceLine(report: AnalyzeReport, sessions: number): string | null {
  const window = [report.window.since === null ? '' : `since ${report.window.since}`, report.window.until === null ? '' : `until ${report.window.until}`].filter(Boolean).join(', ');
  const what = `${count(sessions)} session tree${sessions === 1 ? '' : 's'}`;
  const where = report.folders === null ? '' : ` from ${report.folders.join(', ')}`;
  if (report.folders === null && window === '') return null;
  // A window given with its own offsets (`…Z`) was read in no zone: none is named.
  const zone = report.window.timeZone === null ? '' : `; time zone ${report.window.timeZone}`;
  return `read ${what}${where}${window === '' ? '' : ` (${window}${zone})`}`;
}

/**
 * One line per model the prices had no row for: "no published price for 'claude-x' (3 requests):
 * priced as …" with the stand-in's source, so no cost is another model's without the report saying so.
 */
export function missingPriceLines(report: AnalyzeReport): string[] {
  return report.prices.missing.map((entry) => `no published price for '${entry.model}' (${count(entry.requests)} request${entry.requests === 1 ? '' : 's'}): priced by ${entry.usedInstead}`);
}
