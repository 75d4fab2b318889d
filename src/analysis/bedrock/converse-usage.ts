import { usageNumber as number, type ObservedUsage } from '../usage/observed-usage.js';

/** Bedrock Converse: `inputTokens` is the uncached part, beside `cacheReadInputTokens` and `cacheWriteInputTokens`. */
export function converseUsage(usage: Record<string, unknown>): ObservedUsage | null {
  const input = number(usage['inputTokens']);
  if (input === undefined) return null;
  const output = number(usage['outputTokens']);
  return { uncached: input, cacheRead: number(usage['cacheReadInputTokens']) ?? 0, cacheWrite: number(usage['cacheWriteInputTokens']) ?? 0, ...(output === undefined ? {} : { output }) };
}

