import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { analyzePaths, policyByName } from '../src/analysis/index.js';
import { watchFetch } from '../src/analysis/watch/index.js';

// Issue 28 (i): each watch numbers its requests from 0; two runs appended to one record file must
// stay apart (each line carries its run id), not interleave by request id.
const answer = (async () => new Response(JSON.stringify({ usage: { input_tokens: 5, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: 1 } }), { headers: { 'content-type': 'application/json' } })) as typeof fetch;
const body = (text: string) => JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 10, messages: [{ role: 'user', content: text }] });

it('two runs appended to one record file are two sessions, each in its own request order', async () => {
  const record = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-runs-')), 'run.jsonl');
  for (const [run, texts] of [['first', ['a1', 'a2']], ['second', ['b1', 'b2']]] as const) {
    const fetcher = watchFetch(answer, { record, runId: run });
    for (const text of texts) await (await fetcher('https://api.anthropic.com/v1/messages', { method: 'POST', body: body(text), headers: { 'content-type': 'application/json' } })).text();
    await fetcher.flush();
  }
  const lines = readFileSync(record, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { run: string; id: number });
  expect(lines.map((line) => [line.run, line.id])).toEqual([['first', 0], ['first', 1], ['second', 0], ['second', 1]]);
  const result = await analyzePaths([record], { policy: 'auto', policyByName, cwd: process.cwd() });
  const sessions = result.trees.flatMap((tree) => tree.sessions);
  expect(sessions.map((session) => [session.id, session.requests.map((request) => request.index)])).toEqual([
    ['anthropic/claude-sonnet-4-5 (run first)', [0, 1]],
    ['anthropic/claude-sonnet-4-5 (run second)', [0, 1]],
  ]);
});
