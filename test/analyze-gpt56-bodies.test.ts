import { describe, expect, it } from 'vitest';
import { openaiPolicy } from '../src/analysis/index.js';
import { getTokenizer, PrefixTokenCounter } from '../src/prefix/index.js';
import { readRequestBody } from '../src/analysis/bodies/read-request-body.js';
import { analyzeBodyFiles } from './support/analyze-bodies.js';

// `analyze` on OpenAI request bodies alone: no recorded host, no `--provider`; the model names the
// provider and the GPT-5.6 family its caching rule.

// A stable head well over the 1,024-token minimum, and 128-token steps would not end on it.
const STABLE = Array.from({ length: 260 }, (_, index) => `Rule ${index}: answer in the user's language, cite file ${index % 13}.`).join('\n');

type Body = Record<string, unknown>;

/** The bodies written as files of one folder, analysed in the order given. */
async function analyze(...bodies: Body[]) {
  const { policies, requests } = await analyzeBodyFiles(bodies);
  expect(policies).toEqual(['openai']);
  expect(requests).toHaveLength(bodies.length);
  return requests;
}

/** kvprefix's own token count of a body's first `segments` segments. */
function tokensThrough(body: Body, segments: number): number {
  const { request } = readRequestBody(body, { source: 'body.json' });
  return new PrefixTokenCounter(getTokenizer()).prefixTokens(request.segments, segments);
}

const chat = (model: string, ...messages: Body[]): Body => ({ model, messages: [{ role: 'system', content: STABLE }, ...messages] });

describe('GPT-5.6 caching on request bodies alone', () => {
  it('only the last message changed: the new request reads nothing and writes itself whole, at 1.25x the input price', async () => {
    const [first, second] = await analyze(chat('gpt-5.6-sol', { role: 'user', content: 'What is rule 7?' }), chat('gpt-5.6-sol', { role: 'user', content: 'What is rule 8?' }));
    expect(first!.route).toEqual({ provider: 'openai', model: 'gpt-5.6-sol' });
    expect(first!.predicted).toMatchObject({ cacheRead: 0, cacheWrite: first!.tokens, uncached: 0 });
    expect(second!.divergence).not.toBeNull();
    expect(second!.predicted).toEqual({ uncached: 0, cacheRead: 0, cacheWrite: second!.tokens, cacheReadRange: [0, 0] });
    // gpt-5.6-sol's published row: $4 input, $5 cache write per million tokens.
    const prices = openaiPolicy.pricesFor('gpt-5.6-sol');
    expect(prices.cacheWrite).toBeCloseTo(1.25 * prices.input, 10);
    expect(second!.cost.predicted).toBeCloseTo((second!.tokens * 1.25 * prices.input) / 1e6, 12);
  });

  it('an explicit breakpoint on the stable system message: the next question reads it exactly, not rounded', async () => {
    const marked = (question: string): Body => ({
      model: 'gpt-5.6-sol',
      messages: [{ role: 'system', content: [{ type: 'text', text: STABLE, prompt_cache_breakpoint: { mode: 'explicit' } }] }, { role: 'user', content: question }],
    });
    const [first, second] = await analyze(marked('What is rule 7?'), marked('What is rule 8?'));
    const stable = tokensThrough(marked('What is rule 7?'), 1);
    expect(stable).toBeGreaterThan(1024);
    expect((stable - 1024) % 128).not.toBe(0);
    expect(first!.predicted).toMatchObject({ cacheRead: 0, cacheWrite: first!.tokens });
    expect(second!.predicted).toEqual({ uncached: 0, cacheRead: stable, cacheWrite: second!.tokens - stable, cacheReadRange: [stable, stable] });
  });

  it('a growing conversation reads the whole earlier request', async () => {
    const turn1 = chat('gpt-5.6-terra', { role: 'user', content: 'What is rule 7?' });
    const turn2 = chat('gpt-5.6-terra', { role: 'user', content: 'What is rule 7?' }, { role: 'assistant', content: 'Cite file 7.' }, { role: 'user', content: 'And rule 8?' });
    const [first, second] = await analyze(turn1, turn2);
    expect(second!.divergence).toMatchObject({ cause: 'extension' });
    expect(second!.predicted).toEqual({ uncached: 0, cacheRead: first!.tokens, cacheWrite: second!.tokens - first!.tokens, cacheReadRange: [first!.tokens, first!.tokens] });
  });

  it('gpt-5.5 keeps the earlier rule: 1,024 tokens then 128-token steps of the shared prefix, and no writes', async () => {
    const [first, second] = await analyze(chat('gpt-5.5', { role: 'user', content: 'What is rule 7?' }), chat('gpt-5.5', { role: 'user', content: 'What is rule 8?' }));
    expect(first!.predicted).toMatchObject({ cacheRead: 0, cacheWrite: 0 });
    const shared = tokensThrough(chat('gpt-5.5', { role: 'user', content: 'x' }), 1);
    const read = second!.predicted.cacheRead;
    expect(second!.predicted.cacheWrite).toBe(0);
    expect((read - 1024) % 128).toBe(0);
    expect(read).toBeGreaterThan(shared - 128);
    expect(read).toBeLessThanOrEqual(shared + 16);
    const prices = openaiPolicy.pricesFor('gpt-5.5');
    expect(second!.cost.predicted).toBeCloseTo(((second!.tokens - read) * prices.input + read * prices.cacheRead) / 1e6, 12);
  });
});
