import Anthropic from '@anthropic-ai/sdk';
import { expect, it } from 'vitest';
import { watchFetch, type WatchPrediction } from '../src/analysis/watch/index.js';
import { ruleServerPerTest } from './support/anthropic-rule-server.js';
import { corpusTextOfBlock, describeWithCorpus } from './support/corpus.js';

// Issue 28 (c): each breakpoint lives the TTL its `cache_control.ttl` names. The watch is told the
// provider (`provider: 'anthropic'`), so what is asserted is the TTL rule alone, not how the
// provider was found behind the local baseURL.
const PROMPTS = 'claude-code-prompts-piebald/system-prompts';
const MODEL = 'claude-sonnet-4-5';
const USAGE = { input_tokens: 12, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: 3 };

const startServer = ruleServerPerTest();

describeWithCorpus(PROMPTS, 'watchFetch with provider anthropic named: each breakpoint lives its own TTL', () => {
  const system = corpusTextOfBlock(PROMPTS, 'tool-description-workflow.md');

  /** Two questions on one system prompt marked with `ttl`, `gapSeconds` apart. */
  async function twoQuestions(ttl: '5m' | '1h', gapSeconds: number): Promise<WatchPrediction[]> {
    const server = await startServer(() => ({ usage: USAGE }));
    let now = Date.parse('2026-12-04T03:00:00Z');
    const predictions: WatchPrediction[] = [];
    const fetcher = watchFetch(fetch, { provider: 'anthropic', clock: () => now, onRequest: (prediction) => predictions.push(prediction) });
    const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, fetch: fetcher, maxRetries: 0 });
    const ask = (question: string) => ({
      model: MODEL,
      max_tokens: 64,
      system: [{ type: 'text' as const, text: system(), cache_control: { type: 'ephemeral' as const, ttl } }],
      messages: [{ role: 'user' as const, content: question }],
    });
    await client.messages.create(ask('What does the workflow tool do?'));
    now += gapSeconds * 1000;
    await client.messages.create(ask('And when should it not be used?'));
    return predictions;
  }

  it('after a 10-minute gap, a system prompt marked ttl 1h is still read whole; marked 5m it has expired', async () => {
    const [hourFirst, hourSecond] = await twoQuestions('1h', 600);
    expect(hourFirst!.predicted.cacheWrite).toBeGreaterThan(0);
    expect(hourSecond!.predicted.cacheRead).toBe(hourFirst!.predicted.cacheWrite);
    const [, fiveSecond] = await twoQuestions('5m', 600);
    expect(fiveSecond!.predicted.cacheRead).toBe(0);
  });

  it('a write under ttl 1h costs 2x the input price per token, one under 5m 1.25x (Sonnet 4.5: $6 against $3.75 per million)', async () => {
    const [hour] = await twoQuestions('1h', 1);
    const [five] = await twoQuestions('5m', 1);
    expect(hour!.predicted.cacheWrite).toBe(five!.predicted.cacheWrite);
    expect(hour!.cost * 1e6).toBeCloseTo(hour!.predicted.uncached * 3 + hour!.predicted.cacheWrite * 6, 6);
    expect(five!.cost * 1e6).toBeCloseTo(five!.predicted.uncached * 3 + five!.predicted.cacheWrite * 3.75, 6);
  });
});
