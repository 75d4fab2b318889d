import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { analyzePaths, policyByName } from '../src/analysis/index.js';
import { watchFetch, type WatchPrediction, type WatchUsage } from '../src/analysis/watch/index.js';
import { anthropicMessageEvents, cassetteInteractions, chatCompletionEvents, startReplayServer, type Interaction, type ReplayServer } from './support/cassette-server.js';
import { describeWithCorpus } from './support/corpus.js';

const CHAT = 'test_openai_prompt_cache/test_openai_chat_prompt_cache_e2e.yaml';
const RESPONSES = 'test_openai_prompt_cache/test_openai_responses_prompt_cache_e2e.yaml';
const ANTHROPIC = 'test_anthropic/test_anthropic_cache_real_api.yaml';

const servers: ReplayServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A replay server for a cassette: each request gets the next recorded response, streamed when `streamed(index)`. */
async function replay(interactions: readonly Interaction[], stream: (interaction: Interaction) => string[] | undefined): Promise<ReplayServer> {
  const server = await startReplayServer((_body, index) => {
    const interaction = interactions[index]!;
    const events = stream(interaction);
    return events ? { contentType: 'text/event-stream', chunks: events } : { contentType: 'application/json', chunks: [JSON.stringify(interaction.response)] };
  });
  servers.push(server);
  return server;
}

/** A watch whose callbacks collect what they are given, recording to a fresh file. */
function collectingWatch(provider: string) {
  const record = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-watch-')), 'run.jsonl');
  const predictions: WatchPrediction[] = [];
  const usages: WatchUsage[] = [];
  const errors: Error[] = [];
  const watched = watchFetch(fetch, { provider, record, onRequest: (prediction) => predictions.push(prediction), onUsage: (usage) => usages.push(usage), onError: (error) => errors.push(error) });
  return { watched, record, predictions, usages, errors };
}

const within = (predicted: number, observed: number, tolerance: number) => expect(Math.abs(predicted - observed), `predicted ${predicted}, observed ${observed}`).toBeLessThanOrEqual(tolerance);

describeWithCorpus('pydantic-ai-cache-cassettes', 'watchFetch under the official SDKs, against recorded responses replayed on 127.0.0.1', () => {
  it('openai: chat completions (JSON, then streamed) are predicted before sending and observed after; the write, then read, of 4,012 at the marked block are predicted within 5%; the record is read back by analyze', async () => {
    const interactions = cassetteInteractions(CHAT);
    const server = await replay(interactions, (interaction) => (interaction === interactions[1] ? chatCompletionEvents(interaction.response) : undefined));
    const watch = collectingWatch('openai');
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${server.url}/v1`, fetch: watch.watched, maxRetries: 0 });

    const first = await client.chat.completions.create(interactions[0]!.request as never);
    expect(first.usage?.prompt_tokens).toBe(4020);
    const stream = await client.chat.completions.create({ ...(interactions[1]!.request as object), stream: true, stream_options: { include_usage: true } } as never);
    let text = '';
    let streamedUsage: unknown;
    for await (const chunk of stream as unknown as AsyncIterable<{ choices: { delta: { content?: string } }[]; usage?: unknown }>) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) streamedUsage = chunk.usage;
    }
    expect(text).toBe((interactions[1]!.response['choices'] as { message: { content: string } }[])[0]!.message.content);
    expect(streamedUsage).toEqual(interactions[1]!.response['usage']);
    await watch.watched.flush();

    // The requests went out as the SDK built them: the recorded bodies (the second with the stream options).
    expect(server.received[0]).toEqual(interactions[0]!.request);
    expect(watch.errors).toEqual([]);
    expect(watch.predictions.map((prediction) => [prediction.format, prediction.route.provider, prediction.policy])).toEqual([['openai-chat', 'openai', 'openai'], ['openai-chat', 'openai', 'openai']]);
    expect(watch.predictions[0]!.predicted.cacheRead).toBe(0);
    // GPT-5.6 reports its writes in `prompt_tokens_details.cache_write_tokens`, JSON and streamed alike.
    expect(watch.usages.map((usage) => usage.observed)).toEqual([
      { uncached: 8, cacheRead: 0, cacheWrite: 4012, output: 4 },
      { uncached: 8, cacheRead: 4012, cacheWrite: 0, output: 4 },
    ]);
    expect(watch.usages[1]!.predicted).toBe(watch.predictions[1]);
    // Same body twice: nothing lost; the second reads exactly what the first wrote at the marked
    // block, over kvprefix's own count of it as JSON (its 160 escaped line breaks cost a few tokens more).
    expect(watch.predictions[1]!.loss).toBeNull();
    expect(watch.predictions[1]!.predicted.cacheRead).toBe(watch.predictions[0]!.predicted.cacheWrite);
    within(watch.predictions[0]!.predicted.cacheWrite, 4012, 0.05 * 4012);
    within(watch.predictions[1]!.predicted.cacheRead, 4012, 0.05 * 4012);

    const result = await analyzePaths([watch.record], { policy: 'auto', policyByName, cwd: process.cwd() });
    const requests = result.trees.flatMap((tree) => tree.sessions.flatMap((session) => session.requests));
    expect(requests.map((request) => request.observed?.cacheRead)).toEqual([0, 4012]);
    expect(requests.map((request) => request.predicted)).toEqual(watch.predictions.map((prediction) => prediction.predicted));
  });

  it('openai: Responses API bodies are watched; the recorded write of 4,012 and read of 4,012 arrive through onUsage and are predicted within 5%', async () => {
    const interactions = cassetteInteractions(RESPONSES);
    const server = await replay(interactions, () => undefined);
    const watch = collectingWatch('openai');
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${server.url}/v1`, fetch: watch.watched, maxRetries: 0 });
    for (const interaction of interactions) await client.responses.create(interaction.request as never);
    await watch.watched.flush();
    expect(watch.errors).toEqual([]);
    expect(watch.predictions.map((prediction) => prediction.format)).toEqual(['openai-responses', 'openai-responses']);
    expect(watch.usages.map((usage) => usage.observed)).toEqual([
      { uncached: 8, cacheRead: 0, cacheWrite: 4012, output: 5 },
      { uncached: 8, cacheRead: 4012, cacheWrite: 0, output: 5 },
    ]);
    within(watch.predictions[0]!.predicted.cacheWrite, 4012, 0.05 * 4012);
    within(watch.predictions[1]!.predicted.cacheRead, 4012, 0.05 * 4012);
  });

  it('anthropic: messages are predicted and observed; the streamed answer reaches the caller byte for byte; the read of 1,111 is predicted within 2%', async () => {
    const interactions = cassetteInteractions(ANTHROPIC);
    const server = await replay(interactions, (interaction) => (interaction === interactions[1] ? anthropicMessageEvents(interaction.response) : undefined));
    const watch = collectingWatch('anthropic');
    const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, fetch: watch.watched, maxRetries: 0 });

    await client.messages.create(interactions[0]!.request as never);
    const raw = await client.messages.create({ ...(interactions[1]!.request as object), stream: true } as never).asResponse();
    const received = Buffer.from(await raw.arrayBuffer());
    await watch.watched.flush();

    expect(raw.headers.get('content-type')).toBe('text/event-stream');
    expect(received.equals(server.sent[1]!)).toBe(true);
    expect(watch.errors).toEqual([]);
    expect(watch.predictions.map((prediction) => [prediction.format, prediction.policy])).toEqual([['anthropic-messages', 'anthropic'], ['anthropic-messages', 'anthropic']]);
    expect(watch.usages.map((usage) => usage.observed)).toEqual([
      { uncached: 3, cacheRead: 1111, cacheWrite: 0, output: 406 },
      { uncached: 3, cacheRead: 1111, cacheWrite: 418, output: 33 },
    ]);
    // The first request's read of 1,111 was written by an earlier run of the recording: this process
    // has no earlier request, so the watch predicts a write. The second reads what the first wrote.
    expect(watch.predictions[0]!.predicted).toMatchObject({ cacheRead: 0, cacheWrite: watch.predictions[0]!.tokens });
    const second = watch.predictions[1]!;
    expect(second.divergence).toMatchObject({ cause: 'extension' });
    within(second.predicted.cacheRead, 1111, 0.02 * 1111);
    within(second.predicted.cacheWrite, 418, 0.05 * 418);
  });
});
