import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { corpusPath } from './corpus.js';

const SCENARIOS = 'dsh/examples/acp-agent/tests/snapshots';
/** A recorded five-step tool loop (read, rm, read, write, answer) on deepseek-v4-flash. */
const SOURCE = 'fs-delete-recreate';
/** Rows that belong to a session once, not to every turn. */
const ONCE = new Set(['session/title', 'request/header', 'request/context', 'agent/inbox/spliced']);
/** DeepSeek's cache unit: every recorded read is a multiple of it (shared/DESIGN.md). */
const READ_UNIT = 128;
const USAGE = /"usage":\{"inputTokens":(\d+),"outputTokens":(\d+),"cacheReadTokens":(\d+)/;

/** The input total (uncached + read) of each recorded request of the turn, in order. */
function recordedTotals(rows: readonly string[]): number[] {
  const totals: number[] = [];
  for (const row of rows) {
    const usage = row.includes('"type":"usage"') ? USAGE.exec(row) : null;
    if (usage) totals.push(Number(usage[1]) + Number(usage[3]));
  }
  return totals;
}

/**
 * Usage for the copies of the turn that grows as their history does: request k of turn t holds
 * turn 1's request k plus (t − 1) turns of growth, where a turn grows by what its own requests
 * added (last minus first) and one more step for its answer and the next prompt; each request reads
 * the previous request's input in whole cache units, as DeepSeek does for a conversation that only
 * appends. So a long log's calibration follows its length, as a real one's would.
 */
function grownUsage(totals: readonly number[]): (turn: number, request: number) => { readonly input: number; readonly read: number } {
  const first = totals[0]!;
  const last = totals.at(-1)!;
  const growth = last - first + (last - (totals.at(-2) ?? first));
  const total = (turn: number, request: number) => totals[request]! + (turn - 1) * growth;
  return (turn, request) => {
    const previous = request > 0 ? total(turn, request - 1) : total(turn - 1, totals.length - 1);
    const read = Math.floor(previous / READ_UNIT) * READ_UNIT;
    return { input: total(turn, request) - read, read };
  };
}

/**
 * Writes a long DSH session log made of one recorded turn repeated: the recorded `fs-delete-recreate`
 * session (a five-request tool loop on the real API), its turn copied `turns` times with turn
 * numbers renumbered, each user prompt marked with its turn and each usage grown with the history
 * (`grownUsage`), so every request carries the whole growing history. The pins it needs are copied beside it. Returns the folder.
 */
export function writeLongDshLog(turns: number): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'kvprefix-long-dsh-'));
  const rows = readFileSync(corpusPath(SCENARIOS, SOURCE, 'session.jsonl'), 'utf8').trimEnd().split('\n');
  const turnStart = rows.findIndex((row) => row.startsWith('{"type":"turn/start"'));
  const lines = [...rows];
  const usage = grownUsage(recordedTotals(rows.slice(turnStart)));
  for (let turn = 2; turn <= turns; turn++) {
    // The usage chunk of a request comes before its assistant/message: both carry the request's usage.
    let request = -1;
    for (const row of rows.slice(turnStart)) {
      const type = (JSON.parse(row) as { type: string }).type;
      if (ONCE.has(type)) continue;
      let copy = row.replaceAll('"turn":1,', `"turn":${turn},`).replaceAll('"turn":1}', `"turn":${turn}}`);
      if (type === 'user/message' && copy.includes('Perform these exact steps')) copy = copy.replace('Perform these exact steps', `Turn ${turn}. Perform these exact steps`);
      if (copy.includes('"type":"usage"')) request++;
      if (request >= 0 && USAGE.test(copy)) {
        const { input, read } = usage(turn, request);
        copy = copy.replace(USAGE, (_match, _input: string, output: string) => `"usage":{"inputTokens":${input},"outputTokens":${output},"cacheReadTokens":${read}`);
      }
      lines.push(copy);
    }
  }
  writeFileSync(path.join(folder, 'session.jsonl'), `${lines.join('\n')}\n`);
  for (const pin of ['system-prompt.expected.md', 'tool-schemas.expected.json']) copyFileSync(corpusPath(SCENARIOS, 'text-turn', pin), path.join(folder, pin));
  return folder;
}
