import { describe, expect, it } from 'vitest';
import type { CacheMatch } from '../src/analysis/policies/cache-policy.js';
import { createVllmPolicy, vllmPolicy, vllmRoute } from '../src/analysis/self-hosted/vllm-policy.js';

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
