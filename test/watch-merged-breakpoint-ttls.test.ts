import Anthropic from '@anthropic-ai/sdk';
import { expect, it } from 'vitest';
import { watchFetch, type WatchPrediction } from '../src/analysis/watch/index.js';
import { ruleServerPerTest } from './support/anthropic-rule-server.js';
import { corpusTextOfBlock, describeWithCorpus } from './support/corpus.js';

// The watch keeps one entry per conversation: a turn that extends the previous one replaces it, and
// the breakpoints of both are kept. Each must keep its own TTL and block count, or a conversation
// written for an hour loses its newest entry to the default 5 minutes.
const PROMPTS = 'claude-code-prompts-piebald/system-prompts';
const MODEL = 'claude-sonnet-4-5';

const startServer = ruleServerPerTest();

describeWithCorpus(PROMPTS, 'watchFetch: breakpoints kept from a replaced turn keep their own TTL', () => {
  const systemText = corpusTextOfBlock(PROMPTS, 'tool-description-workflow.md');

  it('a conversation marked 1h on its system prompt and last message reads through the previous turn\'s last breakpoint after a 10-minute gap', async () => {
    const server = await startServer(() => ({ usage: { input_tokens: 5, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: 1 } }));
    const system = systemText();
    let now = Date.parse('2026-12-04T03:00:00Z');
    const predictions: WatchPrediction[] = [];
    const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, fetch: watchFetch(fetch, { clock: () => now, onRequest: (prediction) => predictions.push(prediction) }), maxRetries: 0 });
    const hour = { type: 'ephemeral' as const, ttl: '1h' as const };
    const questions = ['What does the workflow tool do?', 'When should it not be used?', 'What does it return?'];
    const turns = (count: number) =>
      questions.slice(0, count).flatMap((question, at) => [
        { role: 'user' as const, content: [{ type: 'text' as const, text: question, ...(at === count - 1 ? { cache_control: hour } : {}) }] },
        ...(at < count - 1 ? [{ role: 'assistant' as const, content: 'Done.' }] : []),
      ]);
    for (let count = 1; count <= questions.length; count++) {
      await client.messages.create({ model: MODEL, max_tokens: 16, system: [{ type: 'text', text: system, cache_control: hour }], messages: turns(count) });
      now += 600_000;
    }
    const [, second, third] = predictions;
    // The second turn's entry ends at its last breakpoint: what it read plus what it wrote.
    const secondEnd = second!.predicted.cacheRead + second!.predicted.cacheWrite;
    expect(second!.predicted.cacheWrite).toBeGreaterThan(0);
    expect(third!.predicted.cacheRead).toBe(secondEnd);
    expect(third!.loss).toBeNull();
  });
});
