import { describe, expect, it } from 'vitest';
import type { CacheMatch } from '../src/analysis/policies/cache-policy.js';
import { createSglangPolicy, sglangPolicy } from '../src/analysis/self-hosted/sglang-policy.js';

const match = (sharedTokens: number, entryTokens = sharedTokens, ageSeconds = 0): CacheMatch => ({ sharedTokens, entryTokens, ageSeconds, source: 'input' });

describe('SGLang cache policy', () => {
  const cases = [
    { name: 'reads the shared prefix token by token', tokens: 100, matches: [match(47)], read: 47 },
    { name: 'an identical request recomputes only its last token', tokens: 64, matches: [match(64)], read: 63 },
    { name: 'the longest of several matches wins', tokens: 100, matches: [match(10), match(33), match(20)], read: 33 },
    { name: 'a match longer than the entry reads only the entry', tokens: 100, matches: [match(90, 40)], read: 40 },
  ] as const;
  for (const testCase of cases) {
    it(testCase.name, () => expect(sglangPolicy.predict({ tokens: testCase.tokens, matches: testCase.matches }).cacheRead).toBe(testCase.read));
  }

  it('self-hosted prices are zero', () => expect(sglangPolicy.pricesFor('any')).toMatchObject({ input: 0, cacheRead: 0, output: 0 }));

  it('with --page-size 16 it reads whole pages', () => {
    expect(createSglangPolicy({ pageSize: 16 }).predict({ tokens: 100, matches: [match(47)] }).cacheRead).toBe(32);
  });

  it('refuses a page size that is not a positive integer', () => {
    expect(() => createSglangPolicy({ pageSize: 1.5 })).toThrow(/positive integer, got 1.5/);
  });
});
