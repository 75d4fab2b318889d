import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { corpusPath } from './corpus.js';

const SCENARIOS = 'dsh/examples/acp-agent/tests/snapshots';
/** A recorded five-step tool loop (read, rm, read, write, answer) on deepseek-v4-flash. */
const SOURCE = 'fs-delete-recreate';
/** Rows that belong to a session once, not to every turn. */
const ONCE = new Set(['session/title', 'request/header', 'request/context', 'agent/inbox/spliced']);

/**
 * Writes a long DSH session log made of one recorded turn repeated: the recorded `fs-delete-recreate`
 * session (a five-request tool loop on the real API), its turn copied `turns` times with turn
 * numbers renumbered and each user prompt marked with its turn, so every request carries the whole
 * growing history. The pins it needs are copied beside it. Returns the folder.
 */
export function writeLongDshLog(turns: number): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'kvprefix-long-dsh-'));
  const rows = readFileSync(corpusPath(SCENARIOS, SOURCE, 'session.jsonl'), 'utf8').trimEnd().split('\n');
  const turnStart = rows.findIndex((row) => row.startsWith('{"type":"turn/start"'));
  const lines = [...rows];
  for (let turn = 2; turn <= turns; turn++) {
    for (const row of rows.slice(turnStart)) {
      const type = (JSON.parse(row) as { type: string }).type;
      if (ONCE.has(type)) continue;
      let copy = row.replaceAll('"turn":1,', `"turn":${turn},`).replaceAll('"turn":1}', `"turn":${turn}}`);
      if (type === 'user/message' && copy.includes('Perform these exact steps')) copy = copy.replace('Perform these exact steps', `Turn ${turn}. Perform these exact steps`);
      lines.push(copy);
    }
  }
  writeFileSync(path.join(folder, 'session.jsonl'), `${lines.join('\n')}\n`);
  for (const pin of ['system-prompt.expected.md', 'tool-schemas.expected.json']) copyFileSync(corpusPath(SCENARIOS, 'text-turn', pin), path.join(folder, pin));
  return folder;
}
