import { describe, expect, it } from 'vitest';
import { costOf, type CacheMatch } from '../src/analysis/policies/cache-policy.js';
import { createDeepSeekPolicy, deepseekPolicy } from '../src/analysis/deepseek/deepseek-policy.js';

const input = (sharedTokens: number, entryTokens: number, ageSeconds = 1): CacheMatch => ({ sharedTokens, entryTokens, ageSeconds, source: 'input' });
const output = (sharedTokens: number, entryTokens: number, ageSeconds = 1): CacheMatch => ({ sharedTokens, entryTokens, ageSeconds, source: 'output' });

interface Case {
  readonly tokens: number;
  readonly matches: readonly CacheMatch[];
  readonly unit?: number;
  readonly range: readonly [number, number];
}

// Numbers from corpus/dsh subagent-fork-in-process where they exist (shared/DESIGN.md).
const cases = {
  'nothing stored: nothing read': { tokens: 2885, matches: [], range: [0, 0] },
  'fork parent turn 2: LCP 2,884 of 2,974 reads 22 units of 128': { tokens: 2974, matches: [input(2884, 2885)], range: [2816, 2816] },
  'identical request: the last token is always computed': { tokens: 256, matches: [input(256, 256)], range: [128, 128] },
  'a shared prefix under one unit reads nothing': { tokens: 500, matches: [input(127, 300)], range: [0, 0] },
  'the longest of several entries wins': { tokens: 5000, matches: [input(300, 400), input(4100, 4200), input(1000, 4200)], range: [4096, 4096] },
  'sharing is capped by the stored entry': { tokens: 5000, matches: [input(4500, 1000)], range: [896, 896] },
  'tool loop: the stored response raises only the high end': { tokens: 3137, matches: [input(2974, 2974), output(3100, 3110)], range: [2944, 3072] },
  'an entry older than the TTL is gone': { tokens: 3000, matches: [input(2900, 2900, 25 * 3600)], range: [0, 0] },
  'the documented 64-token unit, when chosen': { tokens: 2974, matches: [input(2884, 2885)], unit: 64, range: [2880, 2880] },
} satisfies Record<string, Case>;

describe('DeepSeek cache policy', () => {
  for (const [name, testCase] of Object.entries(cases) as [string, Case][]) {
    it(name, () => {
      const policy = testCase.unit === undefined ? deepseekPolicy : createDeepSeekPolicy({ unit: testCase.unit });
      const prediction = policy.predict({ tokens: testCase.tokens, matches: testCase.matches });
      expect(prediction.cacheReadRange).toEqual(testCase.range);
      expect(prediction.cacheRead).toBe(testCase.range[0]);
      expect(prediction.uncached).toBe(testCase.tokens - testCase.range[0]);
      expect(prediction.cacheWrite).toBe(0);
    });
  }

  it('names its unit and TTL with their sources', () => {
    const policy = deepseekPolicy;
    expect(policy.parameters['unit']?.value).toBe(128);
    expect(policy.parameters['unit']?.source).toMatch(/64/);
    expect(policy.parameters['ttlSeconds']?.source).toMatch(/api-docs\.deepseek\.com/);
  });

  it('rejects a unit that is not a positive integer, saying what to use', () => {
    expect(() => createDeepSeekPolicy({ unit: 0 })).toThrow(/128 \(measured\) or 64 \(documented\)/);
    expect(() => createDeepSeekPolicy({ unit: 12.5 })).toThrow(expect.objectContaining({ code: 'usage/deepseek-unit' }));
  });

  it('prices Flash and Pro at the published rate of the request time, and takes an override', () => {
    // Off-peak and peak (01:00-04:00 UTC) rates from 2026-08-17; no cache-write fee.
    expect(deepseekPolicy.pricesFor('deepseek-v4-flash', new Date('2026-09-01T12:00:00Z'))).toMatchObject({ input: 0.22, cacheRead: 0.007, cacheWrite: 0.22, output: 0.66 });
    expect(deepseekPolicy.pricesFor('deepseek-v4-flash', new Date('2026-09-01T02:00:00Z'))).toMatchObject({ input: 0.44, cacheRead: 0.014, output: 1.32 });
    expect(deepseekPolicy.pricesFor('deepseek-v4-pro', new Date('2026-09-01T12:00:00Z'))).toMatchObject({ input: 0.66, cacheRead: 0.022, output: 1.98 });
    const custom = { ...deepseekPolicy.pricesFor('deepseek-v4-flash'), input: 1, source: 'mine' };
    expect(createDeepSeekPolicy({ prices: custom }).pricesFor('deepseek-v4-pro')).toBe(custom);
    // 158 uncached + 2,816 read + 147 output at Flash peak rates.
    const peak = deepseekPolicy.pricesFor('deepseek-v4-flash', new Date('2026-09-01T02:00:00Z'));
    expect(costOf({ uncached: 158, cacheRead: 2816, cacheWrite: 0 }, peak, 147)).toBeCloseTo((158 * 0.44 + 2816 * 0.014 + 147 * 1.32) / 1e6, 12);
  });

  it('a request with no recorded time is priced at the day\'s highest rate, and the source says so', () => {
    const untimed = createDeepSeekPolicy().pricesFor('deepseek-v4-flash');
    expect(untimed).toMatchObject({ input: 0.44, cacheRead: 0.014, output: 1.32 });
    expect(untimed.source).toContain("the request's time is not recorded: the day's highest (peak) rate");
  });

  it('a model that is not DeepSeek\'s is a named stand-in', () => {
    expect(deepseekPolicy.pricesFor('my-finetune', new Date('2026-09-01T12:00:00Z'))).toMatchObject({ standInFor: 'my-finetune' });
  });
});
