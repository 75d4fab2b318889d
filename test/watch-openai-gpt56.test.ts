import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { watchFetch, type WatchPrediction, type WatchUsage } from '../src/analysis/watch/index.js';
import { startOpenAICacheServer, type OpenAICacheServer } from './support/openai-cache-server.js';

// The official `openai` SDK (7.59.0), Chat Completions and Responses, through `watchFetch`, against
// a local server that bills each request by OpenAI's caching rules (test/support/openai-cache-server.ts).
// The server counts its own rendering of each request, so a non-zero read is compared within 3%;
// a zero is a zero.

const servers: OpenAICacheServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function setup() {
  const server = await startOpenAICacheServer();
  servers.push(server);
  const predictions: WatchPrediction[] = [];
  const usages: WatchUsage[] = [];
  const errors: Error[] = [];
  const watched = watchFetch(fetch, { onRequest: (prediction) => predictions.push(prediction), onUsage: (usage) => usages.push(usage), onError: (error) => errors.push(error) });
  const client = new OpenAI({ apiKey: 'test-key', baseURL: server.url, fetch: watched, maxRetries: 0 });
  return { server, client, predictions, usages, errors };
}

const STABLE = Array.from({ length: 300 }, (_, index) => `Rule ${index}: answer briefly and cite section ${index % 17}.`).join('\n');

const near = (predicted: number, observed: number) => {
  if (observed === 0) expect(predicted).toBe(0);
  else expect(Math.abs(predicted - observed) / observed, `predicted ${predicted}, observed ${observed}`).toBeLessThanOrEqual(0.03);
};

/** Each request's predicted and observed read and write, side by side. */
function compare(usages: readonly WatchUsage[]) {
  for (const { predicted, observed } of usages) {
    expect(observed).not.toBeNull();
    near(predicted.predicted.cacheRead, observed!.cacheRead);
    near(predicted.predicted.cacheWrite, observed!.cacheWrite);
  }
}

describe('watchFetch under the openai SDK, against a server that enforces the GPT-5.6 caching rules', () => {
  it('Chat, gpt-5.6-sol: a large stable system prompt followed by a changed question reads nothing, writes the whole request again, and the loss names the unmarked prefix', async () => {
    const { client, predictions, usages, errors } = await setup();
    for (const question of ['What is rule 7?', 'What is rule 8?']) {
      await client.chat.completions.create({ model: 'gpt-5.6-sol', prompt_cache_key: 'app', messages: [{ role: 'system', content: STABLE }, { role: 'user', content: question }] });
    }
    expect(errors).toEqual([]);
    expect(predictions.map((prediction) => [prediction.format, prediction.policy])).toEqual([['openai-chat', 'openai'], ['openai-chat', 'openai']]);
    expect(usages[1]!.observed).toMatchObject({ cacheRead: 0 });
    expect(usages[1]!.observed!.cacheWrite).toBeGreaterThan(1024);
    expect(predictions[1]!.predicted).toMatchObject({ cacheRead: 0, cacheWrite: predictions[1]!.tokens });
    // The system prompt was sent unchanged: a breakpoint at its end would have been read.
    const system = predictions[1]!.segments[0]!;
    expect(predictions[1]!.loss).toMatchObject({ cause: 'unmarked-prefix', at: { kind: 'system', name: 'system[0]' }, tokens: system.tokens });
    expect(predictions[1]!.loss!.detail).toContain('mark its last content block with prompt_cache_breakpoint');
    compare(usages);
  });

  it('Chat, gpt-5.6-sol: an explicit breakpoint on the system prompt lets the changed question read the stable prefix exactly', async () => {
    const { client, predictions, usages, errors } = await setup();
    for (const question of ['What is rule 7?', 'What is rule 8?']) {
      await client.chat.completions.create({
        model: 'gpt-5.6-sol',
        prompt_cache_key: 'app',
        messages: [{ role: 'system', content: [{ type: 'text', text: STABLE, prompt_cache_breakpoint: { mode: 'explicit' } }] }, { role: 'user', content: question }],
      });
    }
    expect(errors).toEqual([]);
    expect(usages[1]!.observed!.cacheRead).toBeGreaterThan(1024);
    // Exactly the system prompt's tokens: not a 1,024 + 128-step count.
    expect(predictions[1]!.predicted.cacheRead).toBe(predictions[1]!.segments[0]!.tokens);
    expect(predictions[1]!.predicted.cacheWrite).toBe(predictions[1]!.tokens - predictions[1]!.predicted.cacheRead);
    expect(predictions[1]!.loss).toBeNull();
    compare(usages);
  });

  it('Responses, gpt-5.6-terra: a growing conversation with a tool call reads the whole earlier request', async () => {
    const { client, predictions, usages, errors } = await setup();
    const first: OpenAI.Responses.ResponseInputItem[] = [{ role: 'developer', content: STABLE }, { role: 'user', content: 'Find rule 7.' }];
    await client.responses.create({ model: 'gpt-5.6-terra', prompt_cache_key: 'app', input: first });
    const grown: OpenAI.Responses.ResponseInputItem[] = [...first, { type: 'function_call', call_id: 'call_1', name: 'lookup', arguments: '{"rule":7}' }, { type: 'function_call_output', call_id: 'call_1', output: 'cite section 7' }];
    await client.responses.create({ model: 'gpt-5.6-terra', prompt_cache_key: 'app', input: grown });
    expect(errors).toEqual([]);
    expect(predictions[1]!.divergence).toMatchObject({ cause: 'extension' });
    expect(predictions[1]!.predicted.cacheRead).toBe(predictions[0]!.tokens);
    expect(usages[1]!.observed!.cacheRead).toBe(usages[0]!.observed!.cacheWrite);
    compare(usages);
  });

  it('Chat, gpt-5.5: the earlier rule, 1,024 tokens then 128-token steps of the shared prefix, and no writes', async () => {
    const { client, predictions, usages, errors } = await setup();
    for (const question of ['What is rule 7?', 'What is rule 8?']) {
      await client.chat.completions.create({ model: 'gpt-5.5', messages: [{ role: 'system', content: STABLE }, { role: 'user', content: question }] });
    }
    expect(errors).toEqual([]);
    expect(usages.map((usage) => usage.observed!.cacheWrite)).toEqual([0, 0]);
    expect(predictions.map((prediction) => prediction.predicted.cacheWrite)).toEqual([0, 0]);
    expect((predictions[1]!.predicted.cacheRead - 1024) % 128).toBe(0);
    expect(usages[1]!.observed!.cacheRead).toBeGreaterThan(1024);
    compare(usages);
  });

  it('a changed prompt_cache_key is another route: the same body reads nothing, and the route is named as the cause', async () => {
    const { client, predictions, usages, errors } = await setup();
    for (const key of ['tenant-a', 'tenant-a', 'tenant-b']) {
      await client.chat.completions.create({ model: 'gpt-5.6-sol', prompt_cache_key: key, messages: [{ role: 'system', content: STABLE }, { role: 'user', content: 'What is rule 7?' }] });
    }
    expect(errors).toEqual([]);
    expect(usages.map((usage) => usage.observed!.cacheRead > 0)).toEqual([false, true, false]);
    expect(predictions[2]!.route.salt).toBe('prompt_cache_key:tenant-b');
    expect(predictions[2]!.divergence).toMatchObject({ cause: 'route' });
    compare(usages);
  });

  it('a prompt_cache_options.mode the API does not take: the request is sent unchanged, answered 400, and the watch names the field', async () => {
    const { server, client, predictions, errors } = await setup();
    const body = { model: 'gpt-5.6-sol', prompt_cache_options: { mode: 'auto' }, messages: [{ role: 'user', content: 'hi' }] };
    await expect(client.chat.completions.create(body as never)).rejects.toMatchObject({ status: 400 });
    expect(server.received).toEqual([body]);
    expect(predictions).toEqual([]);
    expect(errors.map((error) => error.message).join('\n')).toMatch(/`prompt_cache_options\.mode` is 'auto', not a prompt cache mode/);
  });
});
