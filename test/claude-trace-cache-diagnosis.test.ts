import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

// The hand-written claude-trace log of test/claude-trace-log-replay.test.ts, its last messages call
// asking Anthropic for a cache diagnosis (`diagnostics.previous_message_id`) and its streamed
// response's message_start carrying the answer, as the Messages API sends it.
const LOG = path.resolve(import.meta.dirname, 'fixtures/claude-trace/log-2026-03-01-10-00-00.jsonl');

it('a claude-trace call that asked for a cache diagnosis carries the server\'s reason in observed.cacheMissReason, streamed or not', async () => {
  const lines = readFileSync(LOG, 'utf8').trim().split('\n');
  const last = JSON.parse(lines.at(-1)!) as { request: { body: Record<string, unknown> }; response: { body_raw?: string; body?: Record<string, unknown> } };
  last.request.body['diagnostics'] = { previous_message_id: 'msg_trace_previous' };
  const reason = { type: 'system_changed', cache_missed_input_tokens: 1234 };
  if (typeof last.response.body_raw === 'string') {
    last.response.body_raw = last.response.body_raw.replace(/"type":\s*"message_start",\s*"message":\s*\{/, (start) => `${start}"diagnostics":${JSON.stringify({ cache_miss_reason: reason })},`);
    expect(last.response.body_raw).toContain('cache_miss_reason');
  } else {
    last.response.body!['diagnostics'] = { cache_miss_reason: reason };
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-trace-diagnosis-'));
  const file = path.join(folder, path.basename(LOG));
  writeFileSync(file, `${[...lines.slice(0, -1), JSON.stringify(last)].join('\n')}\n`);
  const io = bufferedIo();
  expect(await runCli(['analyze', file, '--json'], io)).toBe(EXIT.ok);
  const document = JSON.parse(io.out.join('')) as { sessions: { requests: { observed: { cacheMissReason?: unknown } | null }[] }[] };
  const reasons = document.sessions.flatMap((session) => session.requests.map((request) => request.observed?.cacheMissReason));
  expect(reasons.at(-1)).toEqual({ type: 'system_changed', cacheMissedInputTokens: 1234 });
  // The calls that did not ask carry no word of the server's.
  expect(reasons.slice(0, -1).every((entry) => entry === undefined)).toBe(true);
});
