import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rolloutCalls } from '../src/analysis/codex/rollout-calls.js';
import { readCodexRollout } from '../src/analysis/codex/rollout-file.js';

// A call's request is every input item logged before it plus the outputs of the calls before, in
// order; a tool output answering the call's own tool call belongs to the next call wherever it was
// logged, and a ghost snapshot (Codex's undo point) is never sent.
const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-codex-items-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const line = (second: number, type: string, payload: unknown) => JSON.stringify({ timestamp: `2026-02-01T10:00:${String(second).padStart(2, '0')}.000Z`, type, payload });
let total = 0;
const count = (second: number, input: number) => {
  total += input;
  const usage = (value: number) => ({ input_tokens: value, cached_input_tokens: 0, output_tokens: 5, reasoning_output_tokens: 2, total_tokens: value + 5 });
  return line(second, 'event_msg', { type: 'token_count', info: { total_token_usage: usage(total), last_token_usage: usage(input) } });
};
const user = (text: string) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });

describe('the items of each Codex request', () => {
  it('inputs in order, outputs after the call that wrote them, own tool outputs with the next call, no ghost snapshot', async () => {
    const file = path.join(folder, 'rollout.jsonl');
    writeFileSync(
      file,
      [
        line(0, 'session_meta', { id: 's', cwd: '/w', cli_version: '0.104.0', base_instructions: { text: 'Be brief.' } }),
        line(0, 'turn_context', { turn_id: 't1', cwd: '/w', model: 'gpt-5.3-codex' }),
        line(1, 'response_item', user('first')),
        line(1, 'response_item', { type: 'ghost_snapshot', ghost_commit: { id: 'abc' } }),
        line(2, 'response_item', { type: 'reasoning', summary: [], encrypted_content: 'xyz' }),
        line(2, 'response_item', { type: 'function_call', name: 'shell', arguments: '{}', call_id: 'c1' }),
        // Logged before the call's count: still the next call's input.
        line(3, 'response_item', { type: 'function_call_output', call_id: 'c1', output: 'ok' }),
        count(3, 1500),
        line(5, 'response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'done' }] }),
        count(6, 1600),
      ].join('\n'),
    );
    const { calls, reasoningTokens } = rolloutCalls(await readCodexRollout(file));
    const types = (items: readonly { type: string; role?: unknown }[]) => items.map((item) => (item.type === 'message' ? `${String(item.role)} message` : item.type));
    expect(calls.map((call) => types(call.items))).toEqual([['user message'], ['user message', 'reasoning', 'function_call', 'function_call_output']]);
    expect(calls.map((call) => call.model)).toEqual(['gpt-5.3-codex', 'gpt-5.3-codex']);
    expect([...reasoningTokens.values()]).toEqual([2]);
  });
});
