import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { watchFetch } from '../src/analysis/watch/index.js';

// Issue 28 (i): a model switch inside one process makes two routes in the record; they are two
// sessions side by side, not a parent and "1 subagent".
const answer = (async () => new Response(JSON.stringify({ usage: { input_tokens: 5, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: 1 } }), { headers: { 'content-type': 'application/json' } })) as typeof fetch;

it('analyze titles a record with a model switch "2 sessions", never "1 subagent"', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-switch-'));
  const record = path.join(folder, 'run.jsonl');
  const fetcher = watchFetch(answer, { record });
  for (const model of ['claude-sonnet-4-5', 'claude-haiku-4-5']) {
    const body = JSON.stringify({ model, max_tokens: 10, messages: [{ role: 'user', content: 'Plan the release.' }] });
    await (await fetcher('https://api.anthropic.com/v1/messages', { method: 'POST', body, headers: { 'content-type': 'application/json' } })).text();
  }
  await fetcher.flush();
  const io = bufferedIo(folder);
  expect(await runCli(['analyze', 'run.jsonl', '--color', 'never'], io)).toBe(EXIT.ok);
  const out = io.out.join('');
  expect(out).toContain('run.jsonl, 2 sessions');
  expect(out).not.toContain('subagent');
});
