import { describe, expect, it } from 'vitest';
import { anthropicPolicy } from '../src/analysis/anthropic/anthropic-policy.js';
import { costOf } from '../src/analysis/policies/cache-policy.js';
import { PriceBook } from '../src/analysis/prices/price-book.js';
import { publishedPrices } from '../src/analysis/prices/published-prices.js';

describe('published prices', () => {
  it('claude-opus-4-7 has its own row: $5 input, $6.25 5-minute and $10 1-hour writes, $0.50 reads, $25 output', () => {
    expect(publishedPrices('anthropic', 'claude-opus-4-7')).toMatchObject({ currency: 'USD', input: 5, cacheWrite: 6.25, cacheWrite1h: 10, cacheRead: 0.5, output: 25 });
  });

  it('a Bedrock id is priced by its own (regional) row, and says which', () => {
    const row = publishedPrices(['anthropic', 'aws'], 'converse/jp.anthropic.claude-haiku-4-5-20251001-v1:0')!;
    expect(row).toMatchObject({ input: 1.1, output: 5.5 });
    expect(row.source).toMatch(/aws .*claude-haiku-4-5/);
    const policyRow = anthropicPolicy.pricesFor('converse/jp.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(policyRow).toMatchObject({ input: 1.1, output: 5.5 });
    expect(policyRow.standInFor).toBeUndefined();
  });

  it('an id the table does not know is undefined, not another model of a similar name', () => {
    expect(publishedPrices('openai', 'some-future-model')).toBeUndefined();
    expect(publishedPrices('anthropic', 'claude-opus-9-9')).toBeUndefined();
    expect(publishedPrices('anthropic', 'converse/jp.anthropic.claude-haiku-4-5-20251001-v1:0')).toBeUndefined();
  });

  it('a price is the one in force at the request time (deepseek-v4-flash off-peak: $0.14 before 2026-08-17, $0.22 after)', () => {
    expect(publishedPrices('deepseek', 'deepseek-v4-flash', new Date('2026-05-01T12:00:00Z'))).toMatchObject({ input: 0.14, cacheRead: 0.0028 });
    expect(publishedPrices('deepseek', 'deepseek-v4-flash', new Date('2026-09-01T12:00:00Z'))).toMatchObject({ input: 0.22, cacheRead: 0.007 });
    expect(publishedPrices('deepseek', 'deepseek-v4-flash', new Date('2026-09-01T02:00:00Z'))).toMatchObject({ input: 0.44 });
  });

  it('costOf prices 1-hour writes at the 1-hour rate and the rest of the writes at the 5-minute rate', () => {
    const prices = publishedPrices('anthropic', 'claude-opus-4-7')!;
    // 1,000 uncached × $5 + 2,000 read × $0.5 + 3,000 5-minute writes × $6.25 + 4,000 1-hour writes × $10, per million
    expect(costOf({ uncached: 1000, cacheRead: 2000, cacheWrite: 7000, cacheWrite1h: 4000 }, prices)).toBeCloseTo((5000 + 1000 + 18750 + 40000) / 1e6, 12);
  });

  it('costOf bills every token at the long-context rates once the whole input is above the tier (Sonnet 4.5 above 200k)', () => {
    const prices = publishedPrices('anthropic', 'claude-sonnet-4-5-20250929')!;
    expect(prices.longContext?.aboveInputTokens).toBe(200_000);
    expect(costOf({ uncached: 200_000, cacheRead: 0, cacheWrite: 0 }, prices)).toBeCloseTo(0.6, 12);
    expect(costOf({ uncached: 200_001, cacheRead: 0, cacheWrite: 0 }, prices)).toBeCloseTo((200_001 * 6) / 1e6, 12);
  });

  it('a price book answers the same row as the table for the same minute, and another one after a date boundary', () => {
    const book = new PriceBook();
    const before = new Date('2026-08-16T12:00:00Z');
    expect(book.lookup('deepseek', 'deepseek-v4-pro', before)).toEqual(publishedPrices('deepseek', 'deepseek-v4-pro', before));
    expect(book.lookup('deepseek', 'deepseek-v4-pro', new Date('2026-08-17T12:00:00Z'))?.input).toBe(0.66);
  });
});
