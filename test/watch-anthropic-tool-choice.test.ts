import Anthropic from '@anthropic-ai/sdk';
import { expect, it } from 'vitest';
import { watchFetch, type WatchPrediction } from '../src/analysis/watch/index.js';
import { ruleServerPerTest } from './support/anthropic-rule-server.js';
import { corpusTextOfBlock, describeWithCorpus } from './support/corpus.js';

// Through the official client: a request that changes only tool_choice reads the cached system
// prompt and nothing after it (Anthropic's table: "Changes to tool_choice parameter only affect
// message blocks"), and the watch names the loss.
const PROMPTS = 'claude-code-prompts-piebald/system-prompts';

const startServer = ruleServerPerTest();

describeWithCorpus(PROMPTS, 'watchFetch under @anthropic-ai/sdk: a tool_choice change', () => {
  const systemText = corpusTextOfBlock(PROMPTS, 'tool-description-workflow.md');

  it('the second request reads up to the system breakpoint only, and its loss is tool-choice-changed', async () => {
    const server = await startServer(() => ({ usage: { input_tokens: 10, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: 2 } }));
    const system = systemText();
    const predictions: WatchPrediction[] = [];
    const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, fetch: watchFetch(fetch, { onRequest: (prediction) => predictions.push(prediction) }), maxRetries: 0 });
    const tools = [{ name: 'workflow', description: 'Run a workflow.', input_schema: { type: 'object' as const, properties: { name: { type: 'string' } } } }];
    const history = [
      { role: 'user' as const, content: [{ type: 'text' as const, text: 'Which workflows exist? List every one of them with a line on each. '.repeat(80), cache_control: { type: 'ephemeral' as const } }] },
    ];
    const ask = (toolChoice: Anthropic.ToolChoice) => ({ model: 'claude-sonnet-4-5', max_tokens: 64, tools, tool_choice: toolChoice, system: [{ type: 'text' as const, text: system, cache_control: { type: 'ephemeral' as const } }], messages: history });
    await client.messages.create(ask({ type: 'auto' }));
    await client.messages.create(ask({ type: 'any' }));
    const [first, second] = predictions;
    // The first request writes two entries: through the system prompt and through the message.
    let head = 0;
    for (const span of first!.segments) if (span.kind === 'tool' || span.kind === 'system') head += span.tokens;
    // The head's tokens counted one segment at a time; the breakpoint's count of the whole head may differ by a merge at a join.
    expect(Math.abs(second!.predicted.cacheRead - head)).toBeLessThanOrEqual(2);
    expect(second!.predicted.cacheRead).toBeLessThan(first!.predicted.cacheWrite);
    expect([second!.loss?.cause, second!.loss?.at]).toEqual(['tool-choice-changed', { kind: 'setting', name: 'tool_choice' }]);
  });
});
