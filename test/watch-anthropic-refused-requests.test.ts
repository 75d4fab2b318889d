import Anthropic from '@anthropic-ai/sdk';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { watchFetch, type WatchPrediction } from '../src/analysis/watch/index.js';
import { startAnthropicRuleServer, type RuleServer } from './support/anthropic-rule-server.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';

// Issue 28 (g, h): a request counts as sent only when the provider accepted it, and a request the
// API would refuse is flagged before it is sent, with the rule and its source, and sent unchanged.
// The official SDK runs through the watch against a local server that enforces Anthropic's rules.
const PROMPTS = 'claude-code-prompts-piebald/system-prompts';
const MODEL = 'claude-sonnet-4-5';
const USAGE = { input_tokens: 10, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: 2 };

const servers: RuleServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

function watched(server: RuleServer, maxRetries = 0) {
  const record = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-refused-')), 'run.jsonl');
  const predictions: WatchPrediction[] = [];
  const warnings: string[] = [];
  const errors: Error[] = [];
  const fetcher = watchFetch(fetch, { record, onRequest: (prediction) => predictions.push(prediction), warn: (line) => warnings.push(line), onError: (error) => errors.push(error) });
  const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, fetch: fetcher, maxRetries });
  const lines = async () => {
    await fetcher.flush();
    return readFileSync(record, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  return { client, predictions, warnings, errors, lines };
}

describeWithCorpus(PROMPTS, 'watchFetch under @anthropic-ai/sdk: refused and failed calls', () => {
  let system = '';
  // Read when the block runs, not while vitest collects it (a bare clone has no corpus).
  beforeAll(() => {
    system = readCorpusText(PROMPTS, 'tool-description-workflow.md');
  });
  const body = (systemTtl: '5m' | '1h', questionTtl: '5m' | '1h') => ({
    model: MODEL,
    max_tokens: 64,
    system: [{ type: 'text' as const, text: system, cache_control: { type: 'ephemeral' as const, ttl: systemTtl } }],
    messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Summarise the workflow tool.', cache_control: { type: 'ephemeral' as const, ttl: questionTtl } }] }],
  });

  it('a 1-hour breakpoint after a 5-minute one is flagged before sending (rule, source), sent unchanged, refused with a 400, and writes nothing', async () => {
    const server = await startAnthropicRuleServer(() => ({ usage: USAGE }));
    servers.push(server);
    const watch = watched(server);
    const refused = body('5m', '1h');
    await expect(watch.client.messages.create(refused)).rejects.toThrow(/must not come after/);
    expect(server.received[0]).toEqual(refused);
    expect(watch.predictions[0]!.problems).toEqual([expect.objectContaining({ rule: 'ttl-order', effect: 'rejected', source: expect.stringContaining('platform.claude.com') })]);
    expect(watch.warnings.some((line) => line.includes('ttl-order') && line.includes('sent unchanged'))).toBe(true);

    // The same prefix again, in the right order: the refused call wrote nothing, so this one writes.
    await watch.client.messages.create(body('1h', '5m'));
    expect(server.statuses).toEqual([400, 200]);
    expect(watch.predictions[1]!.problems).toEqual([]);
    expect(watch.predictions[1]!.predicted.cacheRead).toBe(0);
    expect(watch.predictions[1]!.predicted.cacheWrite).toBe(watch.predictions[1]!.tokens);
    const lines = await watch.lines();
    expect(lines.map((line) => [line['outcome'], line['status'], line['stored']])).toEqual([['rejected', 400, false], ['read', 200, true]]);
    expect(watch.errors).toEqual([]);
  });

  it('more than 4 breakpoints is flagged before sending and refused with a 400', async () => {
    const server = await startAnthropicRuleServer(() => ({ usage: USAGE }));
    servers.push(server);
    const watch = watched(server);
    const mark = { type: 'ephemeral' as const };
    const five = { model: MODEL, max_tokens: 64, messages: ['a', 'b', 'c', 'd', 'e'].map((text) => ({ role: 'user' as const, content: [{ type: 'text' as const, text: `${system.slice(0, 400)} ${text}`, cache_control: mark }] })) };
    await expect(watch.client.messages.create(five)).rejects.toThrow(/maximum of 4/);
    expect(watch.predictions[0]!.problems.map((problem) => problem.rule)).toContain('too-many-breakpoints');
    expect(watch.errors).toEqual([]);
  });

  it('more than 4 breakpoints inside one message is flagged before sending (rule, source) and refused with a 400', async () => {
    const server = await startAnthropicRuleServer(() => ({ usage: USAGE }));
    servers.push(server);
    const watch = watched(server);
    const mark = { type: 'ephemeral' as const };
    const blocks = ['a', 'b', 'c', 'd', 'e'].map((text) => ({ type: 'text' as const, text: `${system.slice(0, 400)} ${text}`, cache_control: mark }));
    const five = { model: MODEL, max_tokens: 64, messages: [{ role: 'user' as const, content: blocks }] };
    await expect(watch.client.messages.create(five)).rejects.toThrow(/maximum of 4/);
    expect(server.received[0]).toEqual(five);
    // The blocks are short, so each breakpoint is also noted as under the minimum: the refusal is the one asserted.
    expect(watch.predictions[0]!.problems).toContainEqual(expect.objectContaining({ rule: 'too-many-breakpoints', effect: 'rejected', source: expect.stringContaining('platform.claude.com') }));
    expect(watch.warnings.some((line) => line.includes('too-many-breakpoints') && line.includes('sent unchanged'))).toBe(true);
    expect(watch.errors).toEqual([]);
  });

  it('after a 529 the SDK retries the same body: the retry is predicted as a first send, not as a hit on the overloaded call', async () => {
    const server = await startAnthropicRuleServer((_body, index) => (index === 0 ? { status: 529 } : { usage: USAGE }));
    servers.push(server);
    const watch = watched(server, 1);
    await watch.client.messages.create(body('1h', '5m'));
    await watch.client.messages.create(body('1h', '5m'));
    expect(server.statuses).toEqual([529, 200, 200]);
    const [overloaded, retry, again] = watch.predictions;
    expect(overloaded!.predicted.cacheRead).toBe(0);
    expect(retry!.predicted.cacheRead).toBe(0);
    expect(retry!.predicted.cacheWrite).toBe(retry!.tokens);
    expect(again!.predicted.cacheRead).toBe(again!.tokens);
    const lines = await watch.lines();
    expect(lines.map((line) => line['outcome'])).toEqual(['rejected', 'read', 'read']);
  });
});
