import { isJsonObject } from '../../prefix/json-object.js';
import { fromAnthropicUsage, fromOpenAIResponsesUsage, fromOpenAIUsage, type ObservedUsage } from '../usage/index.js';

export type { ObservedUsage };

const number = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** Bedrock Converse: `inputTokens` is the uncached part, beside `cacheReadInputTokens` and `cacheWriteInputTokens`. */
function converseUsage(usage: Record<string, unknown>): ObservedUsage | null {
  const input = number(usage['inputTokens']);
  if (input === undefined) return null;
  const output = number(usage['outputTokens']);
  return { uncached: input, cacheRead: number(usage['cacheReadInputTokens']) ?? 0, cacheWrite: number(usage['cacheWriteInputTokens']) ?? 0, ...(output === undefined ? {} : { output }) };
}

/**
 * The usage in a recorded response body, in each provider's own fields:
 * - Anthropic: `input_tokens` (uncached), `cache_read_input_tokens`, `cache_creation_input_tokens`;
 * - OpenAI Responses: `input_tokens` (all input) with `input_tokens_details.cached_tokens` and `cache_write_tokens`;
 * - Bedrock Converse: `inputTokens` (uncached), `cacheReadInputTokens`, `cacheWriteInputTokens`;
 * - DeepSeek: `prompt_cache_hit_tokens` and `prompt_cache_miss_tokens`;
 * - OpenAI and OpenAI-style APIs (Mistral): `prompt_tokens` with `prompt_tokens_details.cached_tokens` and `cache_write_tokens`.
 * Null when the body carries none of them (a streamed response, an error).
 */
export function observedUsageOf(response: unknown): ObservedUsage | null {
  if (!isJsonObject(response) || !isJsonObject(response['usage'])) return null;
  const usage = response['usage'];
  const responses = fromOpenAIResponsesUsage(usage);
  if (responses !== undefined) return responses;
  const anthropic = fromAnthropicUsage(usage);
  if (anthropic !== undefined) {
    // The 1-hour part of the write is kept where there is one, so it is priced at its TTL.
    const { cacheWrite1h, ...observed } = anthropic;
    return cacheWrite1h > 0 ? { ...observed, cacheWrite1h } : observed;
  }
  return converseUsage(usage) ?? fromOpenAIUsage(usage) ?? null;
}
