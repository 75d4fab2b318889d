import Anthropic from '@anthropic-ai/sdk';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { watchFetch, type WatchPrediction, type WatchUsage } from '../src/analysis/watch/index.js';
import { startAnthropicRuleServer, type RuleServer } from './support/anthropic-rule-server.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';

// Issue 28 (c, f): behind a local baseURL with no `provider:` option, an Anthropic body is Anthropic
// (from its model and shape); each breakpoint lives its own TTL, and 1-hour writes are reported as
// such, predicted and observed (`cache_creation.ephemeral_1h_input_tokens`, JSON and streamed).
const PROMPTS = 'claude-code-prompts-piebald/system-prompts';
const MODEL = 'claude-sonnet-4-5';

const servers: RuleServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

describeWithCorpus(PROMPTS, 'watchFetch under @anthropic-ai/sdk on a local baseURL: provider from the body, TTL per breakpoint', () => {
  let system = '';
  // Read when the block runs, not while vitest collects it (a bare clone has no corpus).
  beforeAll(() => {
    system = readCorpusText(PROMPTS, 'tool-description-workflow.md');
  });
  const usage = { input_tokens: 12, cache_read_input_tokens: 0, cache_creation_input_tokens: 2900, cache_creation: { ephemeral_5m_input_tokens: 400, ephemeral_1h_input_tokens: 2500 }, output_tokens: 3 };

  async function run(ttl: '5m' | '1h', gapSeconds: number) {
    const server = await startAnthropicRuleServer(() => ({ usage }));
    servers.push(server);
    let now = Date.parse('2026-12-04T03:00:00Z');
    const predictions: WatchPrediction[] = [];
    const usages: WatchUsage[] = [];
    const fetcher = watchFetch(fetch, { clock: () => now, onRequest: (prediction) => predictions.push(prediction), onUsage: (seen) => usages.push(seen) });
    const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, fetch: fetcher, maxRetries: 0 });
    const ask = (question: string) => ({
      model: MODEL,
      max_tokens: 64,
      system: [{ type: 'text' as const, text: system, cache_control: { type: 'ephemeral' as const, ttl } }],
      messages: [{ role: 'user' as const, content: question }],
    });
    await client.messages.create(ask('What does the workflow tool do?'));
    now += gapSeconds * 1000;
    await client.messages.stream(ask('And when should it not be used?')).finalMessage();
    return { predictions, usages };
  }

  it('provider anthropic from the model, with no provider option and a 127.0.0.1 endpoint; no guess reported', async () => {
    const { predictions } = await run('5m', 1);
    expect(predictions.map((prediction) => [prediction.format, prediction.route.provider, prediction.providerBasis, prediction.policy, prediction.providerGuess])).toEqual([
      ['anthropic-messages', 'anthropic', 'model', 'anthropic', null],
      ['anthropic-messages', 'anthropic', 'model', 'anthropic', null],
    ]);
  });

  it('a 10-minute gap under ttl 1h still reads the system prompt; under 5m it is an expiry', async () => {
    const hour = await run('1h', 600);
    expect(hour.predictions[1]!.predicted.cacheRead).toBe(hour.predictions[0]!.predicted.cacheWrite);
    expect(hour.predictions[1]!.loss).toBeNull();
    const five = await run('5m', 600);
    expect(five.predictions[1]!.predicted.cacheRead).toBe(0);
    expect(five.predictions[1]!.loss?.cause).toBe('ttl');
  });

  it('a 1-hour write is predicted as one (cacheWrite1h) and priced at 2× input, against 1.25× for a 5-minute one', async () => {
    const hour = await run('1h', 1);
    const five = await run('5m', 1);
    const [first] = hour.predictions;
    expect(first!.predicted.cacheWrite1h).toBe(first!.predicted.cacheWrite);
    expect(five.predictions[0]!.predicted.cacheWrite1h).toBeUndefined();
    // Sonnet 4.5: $3 input; a write is $6 per million at 1 hour, $3.75 at 5 minutes.
    const uncached = first!.predicted.uncached * 3;
    expect(first!.cost * 1e6).toBeCloseTo(uncached + first!.predicted.cacheWrite * 6, 6);
    expect(five.predictions[0]!.cost * 1e6).toBeCloseTo(five.predictions[0]!.predicted.uncached * 3 + five.predictions[0]!.predicted.cacheWrite * 3.75, 6);
  });

  it('ephemeral_1h_input_tokens reaches the observed usage, from a JSON response and a streamed one', async () => {
    const { usages } = await run('1h', 1);
    expect(usages.map((seen) => seen.observed)).toEqual([
      { uncached: 12, cacheRead: 0, cacheWrite: 2900, cacheWrite1h: 2500, output: 3 },
      { uncached: 12, cacheRead: 0, cacheWrite: 2900, cacheWrite1h: 2500, output: 3 },
    ]);
  });
});
