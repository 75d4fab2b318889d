import { describe, expect, it } from 'vitest';
import type { CacheMatch } from '../src/analysis/policies/cache-policy.js';
import { createOpenAIPolicy, openaiPolicy } from '../src/analysis/openai/openai-policy.js';
import { cachesAtBreakpoints } from '../src/analysis/openai/breakpoint-rules.js';

/** An earlier request that shares `sharedTokens` with this one and wrote at `breakpoints`. */
const written = (sharedTokens: number, breakpoints: number[], ageSeconds = 10, entryTokens = Math.max(...breakpoints, sharedTokens)): CacheMatch => ({
  sharedTokens,
  entryTokens,
  ageSeconds,
  source: 'input',
  breakpoints,
});

describe('OpenAI cache policy, GPT-5.6 family: reads and writes at breakpoints only', () => {
  it('the GPT-5.6 family and later cache at breakpoints; gpt-5.5, gpt-5 and gpt-4o do not', () => {
    expect(['gpt-5.6', 'gpt-5.6-sol', 'gpt-5.6-luna-2026-06-27', 'gpt-5.7-mini', 'gpt-6', 'openai/gpt-5.6-terra'].filter(cachesAtBreakpoints)).toHaveLength(6);
    expect(['gpt-5.5', 'gpt-5.5-pro', 'gpt-5', 'gpt-5-mini', 'gpt-4o', 'gpt-4.1', 'o3'].filter(cachesAtBreakpoints)).toEqual([]);
  });

  it('a large stable prefix followed by a changed last message reads nothing: no fallback to the shorter unmarked prefix', () => {
    // The earlier request wrote at its implicit breakpoint (its end, 5,010); this one shares its first 5,000 tokens.
    const prediction = openaiPolicy.predict({ tokens: 5012, matches: [written(5000, [5010])], breakpoints: [5012], model: 'gpt-5.6-sol' });
    expect(prediction).toEqual({ uncached: 0, cacheRead: 0, cacheWrite: 5012, cacheReadRange: [0, 0] });
  });

  it('an explicit breakpoint at the end of the stable prefix is read exactly, not rounded to 128-token steps', () => {
    const prediction = openaiPolicy.predict({ tokens: 5012, matches: [written(5000, [3001, 5010])], breakpoints: [3001, 5012], model: 'gpt-5.6-sol' });
    expect(prediction).toMatchObject({ cacheRead: 3001, cacheWrite: 5012 - 3001, uncached: 0 });
    // The rule before GPT-5.6 reads 1,024 + 128 × 15 of the same 5,000 shared tokens, whatever the breakpoints.
    expect(openaiPolicy.predict({ tokens: 5012, matches: [written(5000, [3001, 5010])], breakpoints: [3001, 5012], model: 'gpt-5.5' }).cacheRead).toBe(4992);
  });

  it('a growing conversation reads the whole earlier request and writes only what it appends', () => {
    const prediction = openaiPolicy.predict({ tokens: 7400, matches: [written(6100, [6100])], breakpoints: [7390], model: 'gpt-5.6-terra' });
    expect(prediction).toEqual({ uncached: 10, cacheRead: 6100, cacheWrite: 1290, cacheReadRange: [6100, 6100] });
  });

  it('gpt-5.5 keeps the earlier rule: 1,024 tokens, then 128-token steps, and no writes', () => {
    const prediction = openaiPolicy.predict({ tokens: 7400, matches: [written(6100, [6100])], breakpoints: [7390], model: 'gpt-5.5' });
    expect(prediction).toEqual({ uncached: 7400 - 6016, cacheRead: 6016, cacheWrite: 0, cacheReadRange: [6016, 6016] });
  });

  it('explicit mode with no breakpoint marked does not use the cache: nothing read, nothing written', () => {
    expect(openaiPolicy.predict({ tokens: 7400, matches: [written(7400, [6100])], breakpoints: [], model: 'gpt-5.6-sol' })).toEqual({ uncached: 7400, cacheRead: 0, cacheWrite: 0, cacheReadRange: [0, 0] });
  });

  it('a prefix under 1,024 tokens is neither written nor read', () => {
    expect(openaiPolicy.predict({ tokens: 1500, matches: [written(1500, [900])], breakpoints: [900], model: 'gpt-5.6-sol' })).toMatchObject({ cacheRead: 0, cacheWrite: 0, uncached: 1500 });
  });

  it('an entry lives 30 minutes by default, 12 hours when it was written with ttl 12h', () => {
    const at = (ageSeconds: number, ttls?: number[]) => openaiPolicy.predict({ tokens: 3000, matches: [{ ...written(3000, [2000], ageSeconds), ...(ttls ? { breakpointTtls: ttls } : {}) }], breakpoints: [3000], model: 'gpt-5.6-sol' }).cacheRead;
    expect([at(30 * 60), at(30 * 60 + 1), at(11 * 3600, [12 * 3600]), at(12 * 3600 + 1, [12 * 3600])]).toEqual([2000, 0, 2000, 0]);
    const longLived = createOpenAIPolicy({ breakpointTtl: '12h' });
    expect(longLived.predict({ tokens: 3000, matches: [written(3000, [2000], 3 * 3600)], breakpoints: [3000], model: 'gpt-5.6-sol' }).cacheRead).toBe(2000);
  });

  it('the breakpoint parameters name the guide', () => {
    for (const name of ['breakpointMinimumTokens', 'breakpointTtlSeconds', 'breakpointWriteMultiplier']) {
      expect(openaiPolicy.parameters[name]?.source).toMatch(/^https:\/\/developers\.openai\.com\/api\/docs\/guides\/prompt-caching/);
    }
    expect(openaiPolicy.parameters['breakpointWriteMultiplier']?.value).toBe(1.25);
  });
});
