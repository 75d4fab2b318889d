import { describe, expect, it } from 'vitest';
import { anthropicPolicy, openaiPolicy } from '../src/analysis/index.js';
import { analyzeBodyFiles } from './support/analyze-bodies.js';
import { corpusTextOfBlock, describeWithCorpus } from './support/corpus.js';

// Issue 28 (prices): models newer than the hand-written table each have their own published row
// (@pydantic/genai-prices 0.1.8), never another model's rates as a stand-in; Anthropic's rows
// price a 5-minute write at 1.25x input and a 1-hour write at 2x (platform.claude.com pricing).
const PROMPTS = 'claude-code-prompts-piebald/system-prompts';

describe('prices of models newer than Sonnet 4 and gpt-5', () => {
  it.each([
    ['claude-opus-4-7', 5, 25],
    ['claude-opus-4-8', 5, 25],
    ['claude-opus-5', 5, 25],
    ['claude-sonnet-5', 2, 10],
  ])('%s is priced by its own row ($%d input, $%d output), its 1-hour write at 2x input and its 5-minute write at 1.25x', (model, input, output) => {
    const prices = anthropicPolicy.pricesFor(model);
    expect(prices.standInFor).toBeUndefined();
    expect(prices).toMatchObject({ input, output });
    expect(prices.cacheWrite).toBeCloseTo(1.25 * input, 10);
    expect(prices.cacheWrite1h).toBeCloseTo(2 * input, 10);
    expect(prices.cacheRead).toBeCloseTo(0.1 * input, 10);
  });

  it.each([
    ['gpt-5.4', 2.5, 0.25, 2.5, 15],
    ['gpt-5.5', 5, 0.5, 5, 30],
    ['gpt-5.6-sol', 4, 0.4, 5, 20],
  ])('%s is priced by its own row, not gpt-4o\'s: $%d input, $%d read, $%d write, $%d output', (model, input, cacheRead, cacheWrite, output) => {
    const prices = openaiPolicy.pricesFor(model);
    expect(prices.standInFor).toBeUndefined();
    expect(prices).toMatchObject({ input, cacheRead, cacheWrite, output });
  });
});

describeWithCorpus(PROMPTS, 'claude-opus-4-7 on request bodies alone', () => {
  const system = corpusTextOfBlock(PROMPTS, 'tool-description-workflow.md');

  it('is priced at its published rates: $5 input, $6.25 per million written, $0.50 read', async () => {
    const ask = (question: string) => ({ model: 'claude-opus-4-7', max_tokens: 64, system: [{ type: 'text', text: system(), cache_control: { type: 'ephemeral' } }], messages: [{ role: 'user', content: question }] });
    const { requests } = await analyzeBodyFiles([ask('What does the workflow tool do?'), ask('When should it not be used?')]);
    expect(requests.map((request) => request.route.model)).toEqual(['claude-opus-4-7', 'claude-opus-4-7']);
    const [first, second] = requests;
    expect(first!.predicted.cacheWrite).toBeGreaterThan(0);
    expect(second!.predicted.cacheRead).toBe(first!.predicted.cacheWrite);
    for (const { predicted, cost } of requests) {
      expect(cost.predicted * 1e6).toBeCloseTo(predicted.uncached * 5 + predicted.cacheWrite * 6.25 + predicted.cacheRead * 0.5, 6);
    }
  });
});
