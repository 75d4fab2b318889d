import { describe, expect, it } from 'vitest';
import type { CacheMatch } from '../src/analysis/policies/cache-policy.js';
import { sglangPolicy, createSglangPolicy } from '../src/analysis/policies/sglang.js';
import { createVllmPolicy, vllmPolicy, vllmRoute } from '../src/analysis/policies/vllm.js';

const match = (sharedTokens: number, entryTokens = sharedTokens, ageSeconds = 0): CacheMatch => ({ sharedTokens, entryTokens, ageSeconds, source: 'input' });

describe('vLLM cache policy', () => {
  const cases = [
    { name: 'nothing stored reads nothing', tokens: 100, matches: [], read: 0 },
    { name: 'a shared prefix shorter than one block reads nothing', tokens: 100, matches: [match(15)], read: 0 },
    { name: 'only full 16-token blocks are read', tokens: 100, matches: [match(47)], read: 32 },
    { name: 'an identical request recomputes its last token, so its last full block too', tokens: 64, matches: [match(64)], read: 48 },
    { name: 'an identical 65-token request reads its 64 leading tokens', tokens: 65, matches: [match(65)], read: 64 },
    { name: 'age does not expire blocks (eviction is by memory)', tokens: 100, matches: [match(80, 80, 86_400)], read: 80 },
  ] as const;
  for (const testCase of cases) {
    it(testCase.name, () => {
      const prediction = vllmPolicy.predict({ tokens: testCase.tokens, matches: testCase.matches });
      expect(prediction).toEqual({ uncached: testCase.tokens - testCase.read, cacheRead: testCase.read, cacheWrite: 0, cacheReadRange: [testCase.read, testCase.read] });
    });
  }

  it('a salt or LoRA adapter partitions the route', () => {
    expect(vllmRoute('qwen', { cacheSalt: 'tenant-a', loraId: 'sql' })).toEqual({ provider: 'vllm', model: 'qwen', salt: 'cache_salt:tenant-a lora:sql' });
    expect(vllmRoute('qwen')).toEqual({ provider: 'vllm', model: 'qwen' });
  });

  it('a custom block size is a parameter, and a bad one is refused', () => {
    expect(createVllmPolicy({ blockSize: 32 }).predict({ tokens: 100, matches: [match(70)] }).cacheRead).toBe(64);
    expect(() => createVllmPolicy({ blockSize: 0 })).toThrow(/positive integer, got 0/);
  });

  it('self-hosted prices are zero and say how to set them', () => {
    expect(vllmPolicy.pricesFor('any')).toMatchObject({ input: 0, output: 0 });
    expect(vllmPolicy.pricesFor('any').source).toContain('--prices');
  });
});

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

  it('with --page-size 16 it reads whole pages', () => {
    expect(createSglangPolicy({ pageSize: 16 }).predict({ tokens: 100, matches: [match(47)] }).cacheRead).toBe(32);
  });
});
