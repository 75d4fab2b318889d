import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeCodexRollouts } from '../src/analysis/codex/analyze-codex-sessions.js';
import { lossCauseOf } from '../src/analysis/causes/loss-cause.js';
import { policyByName } from '../src/analysis/shipped-policies/policy-registry.js';

// Causes in Codex's terms, on a small invented rollout (the corpus has no compaction, idle gap past
// OpenAI's retention or model switch): each call's divergence names what the rollout recorded.
const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-codex-causes-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const at = (seconds: number) => new Date(Date.UTC(2026, 1, 1, 10, 0, 0) + seconds * 1000).toISOString();
const line = (seconds: number, type: string, payload: unknown) => JSON.stringify({ timestamp: at(seconds), type, payload });
const text = (words: number, seed: string) => Array.from({ length: words }, (_, index) => `${seed}${index}`).join(' ');
const message = (role: string, body: string) => ({ type: 'message', role, content: [{ type: role === 'assistant' ? 'output_text' : 'input_text', text: body }] });
let total = 0;
const count = (seconds: number, input: number, cached: number) => {
  total += input;
  const usage = (value: number) => ({ input_tokens: value, cached_input_tokens: cached, output_tokens: 20, reasoning_output_tokens: 0, total_tokens: value + 20 });
  return line(seconds, 'event_msg', { type: 'token_count', info: { total_token_usage: usage(total), last_token_usage: usage(input) } });
};
const context = (seconds: number, model: string, cwd = '/w') => line(seconds, 'turn_context', { turn_id: `t${seconds}`, cwd, approval_policy: 'on-request', model });

const rollout = [
  line(0, 'session_meta', { id: 'causes-1', cwd: '/w', cli_version: '0.104.0', originator: 'codex_cli_rs', model_provider: 'openai', base_instructions: { text: text(600, 'rule') } }),
  context(0, 'gpt-5.3-codex'),
  line(0, 'response_item', message('developer', text(300, 'permission'))),
  line(0, 'response_item', message('user', text(500, 'context'))),
  line(0, 'event_msg', { type: 'user_message', message: 'Fix the parser' }),
  line(1, 'response_item', message('user', 'Fix the parser')),
  line(3, 'response_item', { type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}', call_id: 'c1' }),
  count(3, 4000, 0),
  line(4, 'response_item', { type: 'function_call_output', call_id: 'c1', output: text(400, 'file') }),
  line(6, 'response_item', message('assistant', 'Done.')),
  count(6, 4500, 3968),
  line(20, 'compacted', { message: 'summary', replacement_history: [message('developer', text(300, 'permission')), message('user', `Summary: ${text(200, 'sum')}`)] }),
  count(25, 2500, 0),
  line(1000, 'response_item', message('user', 'And the tests?')),
  count(1001, 2600, 0),
  context(1010, 'gpt-5.5'),
  line(1010, 'response_item', message('user', 'Now with the other model')),
  count(1012, 2700, 0),
];

describe('Codex divergence causes', () => {
  it('extension, compaction, idle gap past the retention and a model change are named as the rollout recorded them', async () => {
    const file = path.join(folder, 'rollout-2026-02-01T10-00-00-causes-1.jsonl');
    writeFileSync(file, `${rollout.join('\n')}\n`);
    const [tree] = await analyzeCodexRollouts([{ file, label: file }], { policy: 'auto', policyByName });
    const session = tree!.sessions[0]!;
    expect(session.requests.map((request) => request.divergence?.cause ?? null)).toEqual([null, 'extension', 'compaction', 'ttl', 'route']);
    expect(session.requests[2]!.divergence!.detail).toMatch(/^compaction replaced the history/);
    expect(session.requests[3]!.divergence!.detail).toMatch(/^idle 16m20s since call #2/);
    expect(session.requests.map((request) => lossCauseOf(request, session))).toEqual(['cold-first', 'new-content', 'compaction-rewind', 'idle-gap', 'route-change']);
    // The route carries prompt_cache_key = the session id: the model change reads nothing.
    expect(session.requests[4]!.predicted.cacheRead).toBe(0);
    expect(tree!.notes.some((note) => /1 compaction replaced the history/.test(note))).toBe(true);
  });
});
