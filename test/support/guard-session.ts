/**
 * Test support (not a test file): an invented DSH session log whose request/header events carry the
 * heads a test needs, in the fixture form (no seq/time), written to a temp folder.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface InventedHeader {
  readonly system: string;
  readonly tools: readonly Record<string, unknown>[];
  readonly reason?: 'initial' | 'resume' | 'change';
}

const ROUTE = { provider: 'deepseek-official', model: 'deepseek-v4-flash' };

/** Writes a parent log: one completed turn per header, each turn opened by that header. */
export function inventedSession(headers: readonly InventedHeader[]): string {
  const rows: unknown[] = [{ type: 'session', version: 0, id: 'invented', createdAt: 0, cwd: '/work/project', delegationDepth: 0 }];
  headers.forEach((header, index) => {
    const turn = index + 1;
    rows.push({ type: 'turn/start', data: { turn } });
    rows.push({ type: 'request/header', data: { header: { config: ROUTE, system: header.system, tools: header.tools }, reason: header.reason ?? (index === 0 ? 'initial' : 'resume') } });
    rows.push({ type: 'user/message', data: { role: 'user', id: `u${turn}`, source: { kind: 'user' }, content: [{ type: 'text', text: `question ${turn}` }] }, surfaceOp: 'append' });
    rows.push({ type: 'turn/end', data: { turn, reason: { kind: 'completed' } } });
  });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-session-')), 'session.jsonl');
  writeFileSync(file, `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
  return file;
}
