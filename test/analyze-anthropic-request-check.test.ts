import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { analyzePaths, policyByName } from '../src/analysis/index.js';

// Issue 28 (h): `analyze` on request bodies names a request the Anthropic API would refuse, with the
// rule and its source.
it('analyze notes a 1-hour breakpoint after a 5-minute one as a request the API refuses, with its rule and source', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-check-'));
  const file = path.join(folder, 'request.json');
  const mark = (ttl: string) => ({ type: 'ephemeral', ttl });
  writeFileSync(file, JSON.stringify({
    model: 'claude-sonnet-4-5',
    max_tokens: 10,
    system: [{ type: 'text', text: 'You review pull requests.', cache_control: mark('5m') }],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Review this diff.', cache_control: mark('1h') }] }],
  }));
  const result = await analyzePaths([file], { policy: 'auto', policyByName, cwd: folder });
  const notes = result.trees.flatMap((tree) => tree.notes);
  expect(notes).toContainEqual(expect.stringMatching(/request check: breakpoint 2 \(ttl '1h'\) comes after breakpoint 1 \(ttl '5m'\).*rule ttl-order, https:\/\/platform\.claude\.com/));
  expect(notes).toContainEqual(expect.stringMatching(/rule under-minimum/));
});
