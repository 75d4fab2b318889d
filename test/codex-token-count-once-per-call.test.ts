import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCodexRollout } from '../src/analysis/codex/rollout-file.js';

// Edge cases of `token_count` the corpus rollouts do not show: `info: null` before the first call, a
// call's count written twice (same totals), a count with only `total_token_usage`, and bad counts.
const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-codex-counts-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const line = (type: string, payload: unknown, second = 0) => JSON.stringify({ timestamp: `2026-02-01T10:00:${String(second).padStart(2, '0')}.000Z`, type, payload });
const usage = (input: number, cached: number, output: number) => ({ input_tokens: input, cached_input_tokens: cached, output_tokens: output, reasoning_output_tokens: 0, total_tokens: input + output });
const count = (info: unknown, second: number) => line('event_msg', { type: 'token_count', info, rate_limits: null }, second);
const meta = line('session_meta', { id: 's-1', cwd: '/w', cli_version: '0.104.0', model_provider: 'openai', base_instructions: { text: 'You are Codex.' } });

async function calls(lines: readonly string[]) {
  const file = path.join(folder, `rollout-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const rollout = await readCodexRollout(file);
  return rollout.records.flatMap((record) => (record.kind === 'usage' ? [record.usage] : []));
}

describe('token_count is counted once per call', () => {
  it('a count with info null and the repeat of a call (same totals) are no call', async () => {
    const found = await calls([
      meta,
      count(null, 1),
      count({ total_token_usage: usage(2000, 0, 50), last_token_usage: usage(2000, 0, 50) }, 2),
      count({ total_token_usage: usage(2000, 0, 50), last_token_usage: usage(2000, 0, 50) }, 3),
      count({ total_token_usage: usage(4100, 1920, 80), last_token_usage: usage(2100, 1920, 30) }, 4),
      count({ total_token_usage: usage(4100, 1920, 80), last_token_usage: usage(2100, 1920, 30) }, 5),
    ]);
    expect(found).toEqual([
      { input: 2000, cached: 0, output: 50, reasoning: 0 },
      { input: 2100, cached: 1920, output: 30, reasoning: 0 },
    ]);
  });

  it('two calls with equal own usage but growing totals are two calls', async () => {
    const found = await calls([meta, count({ total_token_usage: usage(1500, 0, 10), last_token_usage: usage(1500, 0, 10) }, 1), count({ total_token_usage: usage(3000, 0, 20), last_token_usage: usage(1500, 0, 10) }, 2)]);
    expect(found).toHaveLength(2);
  });

  it('a count without last_token_usage is the growth of total_token_usage', async () => {
    const found = await calls([meta, count({ total_token_usage: usage(1500, 0, 10) }, 1), count({ total_token_usage: usage(3200, 1408, 25) }, 2)]);
    expect(found).toEqual([
      { input: 1500, cached: 0, output: 10, reasoning: 0 },
      { input: 1700, cached: 1408, output: 15, reasoning: 0 },
    ]);
  });

  it('a count that is not a whole number of tokens is an input error naming the file, line and field', async () => {
    await expect(calls([meta, count({ last_token_usage: { input_tokens: -4 } }, 1)])).rejects.toThrow(/:2: `info\.last_token_usage\.input_tokens` must be a whole number of tokens, got -4/);
  });

  it('a rollout that does not open with session_meta is an input error naming the line', async () => {
    await expect(calls([count(null, 1)])).rejects.toThrow(/:1: a Codex rollout opens with a `session_meta` line, got `event_msg`/);
  });
});
