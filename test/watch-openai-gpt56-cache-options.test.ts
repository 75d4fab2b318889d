import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { watchFetch, type WatchPrediction, type WatchUsage } from '../src/analysis/watch/index.js';
import { openAICacheServerPerTest } from './support/openai-cache-server.js';

// Issue 28 (h): GPT-5.6's `prompt_cache_options` (OpenAI prompt-caching guide, "Prompt cache
// breakpoints"): `mode: "explicit"` writes and reads only at marked blocks, and `ttl` ("30m" by
// default, or "12h") is how long an entry lives. The official `openai` SDK through the watch,
// against the local server that bills by those rules; the gaps are on the watch's clock.
const STABLE = Array.from({ length: 300 }, (_, index) => `Rule ${index}: answer briefly and cite section ${index % 17}.`).join('\n');

const startServer = openAICacheServerPerTest();

async function setup() {
  const server = await startServer();
  const clock = { now: Date.parse('2026-12-04T03:00:00Z') };
  const predictions: WatchPrediction[] = [];
  const usages: WatchUsage[] = [];
  const errors: Error[] = [];
  const watched = watchFetch(fetch, { clock: () => clock.now, onRequest: (prediction) => predictions.push(prediction), onUsage: (usage) => usages.push(usage), onError: (error) => errors.push(error) });
  const client = new OpenAI({ apiKey: 'test-key', baseURL: server.url, fetch: watched, maxRetries: 0 });
  return { client, clock, predictions, usages, errors };
}

type Options = { readonly mode?: 'implicit' | 'explicit'; readonly ttl?: '30m' | '12h' };

/** A chat body: the stable system prompt (marked as a breakpoint when `marked`), then the question. */
const ask = (question: string, options: Options | undefined, marked: boolean) => ({
  model: 'gpt-5.6-sol',
  ...(options ? { prompt_cache_options: options } : {}),
  messages: [
    { role: 'system', content: marked ? [{ type: 'text', text: STABLE, prompt_cache_breakpoint: { mode: 'explicit' } }] : STABLE },
    { role: 'user', content: question },
  ],
});

describe('watchFetch under the openai SDK: GPT-5.6 prompt_cache_options', () => {
  it('mode explicit with no block marked: nothing is written or read, as the server bills it', async () => {
    const { client, predictions, usages, errors } = await setup();
    for (const question of ['What is rule 7?', 'What is rule 8?']) await client.chat.completions.create(ask(question, { mode: 'explicit' }, false) as never);
    expect(errors).toEqual([]);
    expect(usages.map((usage) => [usage.observed!.cacheRead, usage.observed!.cacheWrite])).toEqual([[0, 0], [0, 0]]);
    expect(predictions.map((prediction) => [prediction.predicted.cacheRead, prediction.predicted.cacheWrite])).toEqual([[0, 0], [0, 0]]);
  });

  it.each([
    { options: undefined, gapMinutes: 20, reads: true },
    { options: undefined, gapMinutes: 120, reads: false },
    { options: { ttl: '12h' } as const, gapMinutes: 120, reads: true },
    { options: { ttl: '12h' } as const, gapMinutes: 13 * 60, reads: false },
  ])('ttl $options.ttl (30m when unset), a gap of $gapMinutes minutes: the marked system prompt is read: $reads', async ({ options, gapMinutes, reads }) => {
    const { client, clock, predictions, errors } = await setup();
    await client.chat.completions.create(ask('What is rule 7?', options, true) as never);
    clock.now += gapMinutes * 60_000;
    await client.chat.completions.create(ask('What is rule 8?', options, true) as never);
    expect(errors).toEqual([]);
    const [first, second] = predictions;
    expect(first!.predicted.cacheWrite).toBe(first!.tokens);
    if (reads) {
      expect(second!.predicted.cacheRead).toBeGreaterThan(1024);
      expect(second!.loss).toBeNull();
    } else {
      expect(second!.predicted.cacheRead).toBe(0);
      expect(second!.loss?.cause).toBe('ttl');
    }
  });
});
