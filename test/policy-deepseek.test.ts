import { describe, expect, it } from 'vitest';
import { costOf, type CacheMatch } from '../src/analysis/policies/cache-policy.js';
import { createDeepSeekPolicy, DEEPSEEK_FLASH_PRICES, DEEPSEEK_PRO_PRICES, deepseekPolicy } from '../src/analysis/policies/deepseek.js';

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

  it('prices Flash and Pro from the published table, and takes an override', () => {
    expect(deepseekPolicy.pricesFor('deepseek-v4-flash')).toBe(DEEPSEEK_FLASH_PRICES);
    expect(deepseekPolicy.pricesFor('deepseek-v4-pro')).toBe(DEEPSEEK_PRO_PRICES);
    const custom = { ...DEEPSEEK_FLASH_PRICES, input: 1, source: 'mine' };
    expect(createDeepSeekPolicy({ prices: custom }).pricesFor('deepseek-v4-pro')).toBe(custom);
    // 158 uncached + 2,816 read + 147 output at Flash peak rates.
    expect(costOf({ uncached: 158, cacheRead: 2816, cacheWrite: 0 }, DEEPSEEK_FLASH_PRICES, 147)).toBeCloseTo((158 * 0.3 + 2816 * 0.006 + 147 * 1.2) / 1e6, 12);
  });
});
