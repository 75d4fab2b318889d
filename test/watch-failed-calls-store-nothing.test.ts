import Anthropic from '@anthropic-ai/sdk';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { watchFetch, type WatchPrediction } from '../src/analysis/watch/index.js';
import { ruleServerPerTest } from './support/anthropic-rule-server.js';
import { corpusTextOfBlock, describeWithCorpus } from './support/corpus.js';

// Issue 28 (f): a request the provider did not accept writes no cache entry, so the same body sent
// again is a first send. The bodies follow every caching rule (no request check fires), and the
// watch is told the provider, so only the storing is asserted.
const PROMPTS = 'claude-code-prompts-piebald/system-prompts';
const MODEL = 'claude-sonnet-4-5';
const USAGE = { input_tokens: 10, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: 2 };

const startServer = ruleServerPerTest();

function recordFile(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-failed-')), 'run.jsonl');
}

function recordLines(record: string): Record<string, unknown>[] {
  return readFileSync(record, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

describeWithCorpus(PROMPTS, 'watchFetch with provider anthropic named: a call the provider did not accept is not a cache write', () => {
  const system = corpusTextOfBlock(PROMPTS, 'tool-description-workflow.md');
  const body = () => ({
    model: MODEL,
    max_tokens: 64,
    system: [{ type: 'text' as const, text: system(), cache_control: { type: 'ephemeral' as const } }],
    messages: [{ role: 'user' as const, content: 'Summarise the workflow tool.' }],
  });

  it.each([400, 500])('after a %i the same body is predicted as a first send (read 0, written whole), and the record says the failed call stored nothing', async (status) => {
    const server = await startServer((_body, index) => (index === 0 ? { status } : { usage: USAGE }));
    const record = recordFile();
    const predictions: WatchPrediction[] = [];
    const fetcher = watchFetch(fetch, { provider: 'anthropic', record, onRequest: (prediction) => predictions.push(prediction) });
    const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, fetch: fetcher, maxRetries: 0 });
    await expect(client.messages.create(body())).rejects.toMatchObject({ status });
    await client.messages.create(body());
    expect(server.statuses).toEqual([status, 200]);
    const [failed, again] = predictions;
    expect(again!.predicted.cacheRead).toBe(0);
    expect(again!.predicted.cacheWrite).toBe(failed!.predicted.cacheWrite);
    expect(again!.predicted.cacheWrite).toBeGreaterThan(0);
    await fetcher.flush();
    expect(recordLines(record).map((line) => [line['outcome'], line['status'], line['stored']])).toEqual([['rejected', status, false], ['read', 200, true]]);
  });

  it('a call cancelled before any answer came is recorded as cancelled, stores nothing, and the same body is then a first send', async () => {
    const record = recordFile();
    const predictions: WatchPrediction[] = [];
    let calls = 0;
    // The first call never answers and fails when its signal aborts, as fetch does; the second answers.
    const network = ((_input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      calls++;
      if (calls === 1) {
        return new Promise<Response>((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))));
      }
      return Promise.resolve(new Response(JSON.stringify({ id: 'msg_1', type: 'message', role: 'assistant', model: MODEL, content: [{ type: 'text', text: 'Done.' }], stop_reason: 'end_turn', stop_sequence: null, usage: USAGE }), { headers: { 'content-type': 'application/json' } }));
    }) as typeof fetch;
    const fetcher = watchFetch(network, { provider: 'anthropic', record, onRequest: (prediction) => predictions.push(prediction) });
    const client = new Anthropic({ apiKey: 'test-key', baseURL: 'http://127.0.0.1:9', fetch: fetcher, maxRetries: 0 });
    const controller = new AbortController();
    const cancelled = client.messages.create(body(), { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    await expect(cancelled).rejects.toThrow();
    await client.messages.create(body());
    expect(predictions[1]!.predicted.cacheRead).toBe(0);
    expect(predictions[1]!.predicted.cacheWrite).toBe(predictions[0]!.predicted.cacheWrite);
    await fetcher.flush();
    expect(recordLines(record).map((line) => [line['outcome'], line['stored']])).toEqual([['cancelled', false], ['read', true]]);
  });
});
