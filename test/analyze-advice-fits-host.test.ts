import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { analyzePaths, policyByName } from '../src/analysis/index.js';
import { treeLossByCause } from '../src/analysis/analyze/lost-by-cause.js';
import { watchFetch } from '../src/analysis/watch/index.js';

// Issue 28 (i): advice written for Claude Code (CLAUDE.md, MCP servers) is given for Claude Code
// inputs only; another host's traffic gets the general words.
const answer = (async () => new Response(JSON.stringify({ usage: { prompt_tokens: 5, completion_tokens: 1 } }), { headers: { 'content-type': 'application/json' } })) as typeof fetch;

it('a head change in a watch record of another host is advised without naming CLAUDE.md or MCP servers', async () => {
  const repositoryRoot = path.resolve(import.meta.dirname, '..');
  const body = JSON.parse(readFileSync(path.join(repositoryRoot, 'examples/fork-parent.request.json'), 'utf8')) as { tools?: unknown[] };
  const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-advice-'));
  const record = path.join(folder, 'run.jsonl');
  const fetcher = watchFetch(answer, { record });
  const changed = { ...body, tools: [{ type: 'function', function: { name: 'aaa_lint', description: 'Lint.', parameters: { type: 'object', properties: {} } } }, ...(body.tools ?? [])] };
  for (const sent of [body, changed]) await (await fetcher('https://api.deepseek.com/chat/completions', { method: 'POST', body: JSON.stringify(sent), headers: { 'content-type': 'application/json' } })).text();
  await fetcher.flush();
  const result = await analyzePaths([record], { policy: 'auto', policyByName, cwd: folder });
  const tree = result.trees[0]!;
  const head = treeLossByCause(tree, policyByName(tree.policy)).find((row) => row.cause === 'head-change');
  expect(head?.advice).toMatch(/changed mid-session/);
  expect(head?.advice).not.toMatch(/CLAUDE\.md|MCP/);
});
