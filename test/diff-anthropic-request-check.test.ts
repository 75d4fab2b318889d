import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

// Issue 28 (h): `diff` names a request the Anthropic API would refuse, with the rule and its source.
it('diff notes the child as a request the API refuses when a 1-hour breakpoint follows a 5-minute one', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-diff-check-'));
  const body = (questionTtl: string) => ({
    model: 'claude-sonnet-4-5',
    max_tokens: 10,
    system: [{ type: 'text', text: 'You review pull requests.', cache_control: { type: 'ephemeral', ttl: '5m' } }],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Review this diff.', cache_control: { type: 'ephemeral', ttl: questionTtl } }] }],
  });
  writeFileSync(path.join(folder, 'a.json'), JSON.stringify(body('5m')));
  writeFileSync(path.join(folder, 'b.json'), JSON.stringify(body('1h')));
  const io = bufferedIo(folder);
  expect(await runCli(['diff', 'a.json', 'b.json'], io)).toBe(EXIT.ok);
  const out = io.out.join('');
  expect(out).toMatch(/note: child is a request the API refuses: breakpoint 2 \(ttl '1h'\) comes after breakpoint 1 \(ttl '5m'\).*rule ttl-order, https:\/\/platform\.claude\.com/);
  expect(out).not.toMatch(/note: parent is a request the API refuses/);
});
