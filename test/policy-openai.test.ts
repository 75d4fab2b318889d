import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createOpenAIPolicy, openaiPolicy, openaiRoute } from '../src/analysis/openai/openai-policy.js';
import type { CacheMatch } from '../src/analysis/policies/cache-policy.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';

const entry = (sharedTokens: number, ageSeconds = 10, entryTokens = sharedTokens): CacheMatch => ({ sharedTokens, entryTokens, ageSeconds, source: 'input' });

describe('OpenAI cache policy', () => {
  const cases = [
    { name: 'nothing stored reads nothing', tokens: 5000, matches: [], read: 0, range: [0, 0] },
    { name: 'a shared prefix under 1024 tokens reads nothing', tokens: 5000, matches: [entry(1023)], read: 0, range: [0, 0] },
    { name: 'exactly 1024 shared tokens read 1024', tokens: 5000, matches: [entry(1024)], read: 1024, range: [1024, 1024] },
    { name: 'above the minimum, reads whole 128-token steps', tokens: 5000, matches: [entry(1024 + 127)], read: 1024, range: [1024, 1024] },
    { name: 'the next step starts at 1152', tokens: 5000, matches: [entry(1152)], read: 1152, range: [1152, 1152] },
    { name: 'the longest live match wins', tokens: 5000, matches: [entry(1300), entry(2100)], read: 2048, range: [2048, 2048] },
    { name: 'an entry longer than the request reads at most the request', tokens: 2000, matches: [entry(2000, 10, 9000)], read: 1920, range: [1920, 1920] },
    { name: 'between 5 and 10 idle minutes the read is uncertain', tokens: 5000, matches: [entry(2048, 7 * 60)], read: 2048, range: [0, 2048] },
    { name: 'after 10 idle minutes nothing is read', tokens: 5000, matches: [entry(2048, 10 * 60 + 1)], read: 0, range: [0, 0] },
  ] as const;

  for (const testCase of cases) {
    it(testCase.name, () => {
      const prediction = openaiPolicy.predict({ tokens: testCase.tokens, matches: testCase.matches });
      expect(prediction.cacheRead).toBe(testCase.read);
      expect(prediction.cacheReadRange).toEqual(testCase.range);
      expect(prediction.cacheWrite).toBe(0);
      expect(prediction.uncached).toBe(testCase.tokens - testCase.read);
    });
  }

  it('extended retention keeps a prefix for 24 hours, not longer', () => {
    const extended = createOpenAIPolicy({ retention: '24h' });
    expect(extended.predict({ tokens: 3000, matches: [entry(2048, 23 * 3600)] }).cacheReadRange).toEqual([2048, 2048]);
    expect(extended.predict({ tokens: 3000, matches: [entry(2048, 25 * 3600)] }).cacheRead).toBe(0);
  });

  it('prompt_cache_key partitions the route; no key leaves it unsalted', () => {
    expect(openaiRoute('gpt-4o', 'user-42')).toEqual({ provider: 'openai', model: 'gpt-4o', salt: 'prompt_cache_key:user-42' });
    expect(openaiRoute('gpt-4o')).toEqual({ provider: 'openai', model: 'gpt-4o' });
  });

  it('every parameter names its source, prices are the published rows, and an unknown model is a named stand-in', () => {
    for (const parameter of Object.values(openaiPolicy.parameters)) expect(parameter.source).toMatch(/^https:\/\//);
    expect(openaiPolicy.pricesFor('gpt-4o-mini-2024-07-18')).toMatchObject({ input: 0.15, cacheRead: 0.075 });
    expect(openaiPolicy.pricesFor('gpt-4o-2024-08-06')).toMatchObject({ input: 2.5, cacheRead: 1.25 });
    expect(openaiPolicy.pricesFor('some-future-model')).toMatchObject({ standInFor: 'some-future-model' });
    expect(openaiPolicy.pricesFor('some-future-model').source).toContain("no published price for 'some-future-model', priced as gpt-5");
    expect(openaiPolicy.pricesFor('gpt-5-2025-08-07')).toMatchObject({ input: 1.25, cacheRead: 0.125 });
    expect(openaiPolicy.pricesFor('gpt-5.6-sol')).toMatchObject({ input: 4, cacheRead: 0.4, cacheWrite: 5, output: 20 });
    expect(openaiPolicy.pricesFor('gpt-5.6-sol').standInFor).toBeUndefined();
  });

  it('refuses an increment that is not a positive integer', () => {
    expect(() => createOpenAIPolicy({ increment: 0 })).toThrow(/positive integer, got 0/);
  });
});

interface CassetteInteraction {
  readonly request: { readonly parsed_body: unknown };
  readonly response: { readonly parsed_body?: { readonly usage?: { readonly prompt_tokens: number; readonly prompt_tokens_details?: { readonly cached_tokens: number } } } };
}

describeWithCorpus('pydantic-ai-cache-cassettes', 'OpenAI cache policy on a recorded exchange', () => {
  it('an identical 4,020-token prompt: the documented rule predicts within one 128-token step of the recorded read', () => {
    const cassette = parse(readCorpusText('pydantic-ai-cache-cassettes/tests/models/cassettes/test_openai_prompt_cache/test_openai_chat_prompt_cache_e2e.yaml')) as {
      interactions: CassetteInteraction[];
    };
    const [first, second] = cassette.interactions.filter((interaction) => interaction.response.parsed_body?.usage !== undefined);
    expect(second!.request.parsed_body).toEqual(first!.request.parsed_body);
    const firstTokens = first!.response.parsed_body!.usage!.prompt_tokens;
    const usage = second!.response.parsed_body!.usage!;
    expect(first!.response.parsed_body!.usage!.prompt_tokens_details?.cached_tokens).toBe(0);
    const prediction = openaiPolicy.predict({ tokens: usage.prompt_tokens, matches: [entry(firstTokens, 5, firstTokens)] });
    const observed = usage.prompt_tokens_details!.cached_tokens;
    expect(prediction.cacheRead).toBe(3968);
    expect(observed).toBeGreaterThanOrEqual(prediction.cacheRead);
    expect(observed - prediction.cacheRead).toBeLessThan(128);
  });
});
