import { describe, expect, it } from 'vitest';
import { anthropicMinimumTokens, anthropicPolicy, createAnthropicPolicy } from '../src/analysis/anthropic/anthropic-policy.js';
import type { CacheMatch, PolicyInput } from '../src/analysis/policies/cache-policy.js';

const written = (breakpoints: number[], sharedTokens: number, ageSeconds = 30): CacheMatch => ({
  sharedTokens,
  entryTokens: Math.max(...breakpoints, sharedTokens),
  ageSeconds,
  source: 'input',
  breakpoints,
});

describe('Anthropic cache policy', () => {
  const model = 'claude-sonnet-4-5-20250929';
  const cases: ReadonlyArray<{ name: string; input: PolicyInput; expected: { cacheRead: number; cacheWrite: number; uncached: number } }> = [
    {
      name: 'a first request writes up to its last breakpoint; the tail after it is uncached',
      input: { tokens: 8000, matches: [], breakpoints: [5000, 7990], model },
      expected: { cacheRead: 0, cacheWrite: 7990, uncached: 10 },
    },
    {
      name: 'without a breakpoint nothing is written or read',
      input: { tokens: 8000, matches: [written([7000], 8000)], breakpoints: [], model },
      expected: { cacheRead: 0, cacheWrite: 0, uncached: 8000 },
    },
    {
      name: 'the next turn reads what the previous one wrote and writes the rest',
      input: { tokens: 9000, matches: [written([5000, 7990], 7995)], breakpoints: [5000, 8990], model },
      expected: { cacheRead: 7990, cacheWrite: 1000, uncached: 10 },
    },
    {
      name: 'an edit inside the history falls back to the last entry before it',
      input: { tokens: 9000, matches: [written([5000, 7990], 6000)], breakpoints: [5000, 8990], model },
      expected: { cacheRead: 5000, cacheWrite: 3990, uncached: 10 },
    },
    {
      name: 'after the 5-minute TTL nothing is read',
      input: { tokens: 9000, matches: [written([5000, 7990], 7995, 301)], breakpoints: [5000, 8990], model },
      expected: { cacheRead: 0, cacheWrite: 8990, uncached: 10 },
    },
    {
      name: 'a prefix under the model minimum is neither read nor written',
      input: { tokens: 1000, matches: [written([900], 1000)], breakpoints: [990], model },
      expected: { cacheRead: 0, cacheWrite: 0, uncached: 1000 },
    },
    {
      name: 'Haiku 4.5 needs 4,096 tokens: 3,000 are not cached',
      input: { tokens: 3000, matches: [written([2990], 3000)], breakpoints: [2990], model: 'claude-haiku-4-5-20251001' },
      expected: { cacheRead: 0, cacheWrite: 0, uncached: 3000 },
    },
    {
      name: 'an entry more than 20 blocks before every breakpoint is not found',
      input: {
        tokens: 3000,
        matches: [written([1100], 2900)],
        breakpoints: [2990],
        blockEnds: Array.from({ length: 30 }, (_, index) => 1100 + index * 65).concat([2990]),
        model,
      },
      expected: { cacheRead: 0, cacheWrite: 2990, uncached: 10 },
    },
    {
      name: 'the same entry 20 blocks back is found',
      input: {
        tokens: 3000,
        matches: [written([1100], 2900)],
        breakpoints: [2990],
        blockEnds: Array.from({ length: 20 }, (_, index) => 1100 + index * 90).concat([2990]),
        model,
      },
      expected: { cacheRead: 1100, cacheWrite: 1890, uncached: 10 },
    },
  ];

  for (const testCase of cases) {
    it(testCase.name, () => {
      const prediction = anthropicPolicy.predict(testCase.input);
      expect({ cacheRead: prediction.cacheRead, cacheWrite: prediction.cacheWrite, uncached: prediction.uncached }).toEqual(testCase.expected);
      expect(prediction.cacheReadRange).toEqual([prediction.cacheRead, prediction.cacheRead]);
    });
  }

  it('a 1-hour TTL keeps entries for an hour and prices writes at 2×', () => {
    const hour = createAnthropicPolicy({ ttl: '1h' });
    const input = { tokens: 9000, matches: [written([7990], 7995, 50 * 60)], breakpoints: [8990], model };
    expect(hour.predict(input).cacheRead).toBe(7990);
    expect(anthropicPolicy.predict(input).cacheRead).toBe(0);
    expect(hour.predict({ ...input, matches: [] })).toMatchObject({ cacheWrite: 8990, cacheWrite1h: 8990 });
    expect(hour.pricesFor(model)).toMatchObject({ input: 3, cacheWrite: 3.75, cacheWrite1h: 6, cacheRead: 0.3, output: 15 });
  });

  it('the 1-hour what-if holds entries an earlier body wrote with a 5-minute ttl for the hour too (every breakpoint is written with the forced TTL)', () => {
    const hour = createAnthropicPolicy({ ttl: '1h' });
    const input = { tokens: 9000, matches: [{ ...written([7990], 7995, 10 * 60), breakpointTtls: [300] }], breakpoints: [8990], breakpointTtls: [300], model };
    expect(hour.predict(input).cacheRead).toBe(7990);
    expect(anthropicPolicy.predict(input).cacheRead).toBe(0);
    expect(hour.predict({ ...input, matches: [{ ...input.matches[0]!, ageSeconds: 61 * 60 }] }).cacheRead).toBe(0);
  });

  it('prices: writes 1.25× and reads 0.1× of the model base price', () => {
    expect(anthropicPolicy.pricesFor('claude-opus-4-5-20251101')).toMatchObject({ input: 5, cacheWrite: 6.25, cacheRead: 0.5, output: 25 });
    expect(anthropicPolicy.pricesFor('claude-haiku-4-5-20251001')).toMatchObject({ input: 1, cacheWrite: 1.25, output: 5 });
    expect(anthropicPolicy.pricesFor('claude-opus-4-1-20250805')).toMatchObject({ input: 15, output: 75 });
    expect(anthropicPolicy.pricesFor('claude-opus-4-20250514')).toMatchObject({ input: 15, output: 75 });
    expect(anthropicPolicy.pricesFor('claude-opus-4-7')).toMatchObject({ input: 5, cacheWrite: 6.25, cacheWrite1h: 10, output: 25 });
    const unknown = anthropicPolicy.pricesFor('claude-opus-9-9');
    expect(unknown.standInFor).toBe('claude-opus-9-9');
    expect(unknown.source).toContain("no published price for 'claude-opus-9-9', priced as claude-sonnet-4-5");
  });

  const minimums = {
    'claude-opus-4-5-20251101': 4096,
    'claude-haiku-4-5-20251001': 4096,
    'claude-sonnet-4-5-20250929': 1024,
    'claude-opus-4-1-20250805': 1024,
    'claude-3-5-haiku-20241022': 2048,
    'claude-sonnet-4-6': 2048,
    'claude-opus-4-7': 2048,
    'claude-opus-4-8': 1024,
    'claude-opus-5': 512,
  } satisfies Record<string, number>;
  for (const [id, tokens] of Object.entries(minimums)) {
    it(`${id} caches nothing under ${tokens} tokens`, () => expect(anthropicMinimumTokens(id)).toBe(tokens));
  }

  it('more than four breakpoints is predicted as sent, up to the last one (the refusal is the request check\'s to report)', () => {
    expect(anthropicPolicy.predict({ tokens: 9000, matches: [], breakpoints: [1100, 2000, 3000, 4000, 5000], model })).toMatchObject({ cacheRead: 0, cacheWrite: 5000, uncached: 4000 });
  });
});
