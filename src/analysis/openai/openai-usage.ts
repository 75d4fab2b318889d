import { isJsonObject } from '../../prefix/json-object.js';
import { usageNumber as number, type ObservedUsage } from '../usage/observed-usage.js';

/**
 * The one reader of OpenAI-style usage: `prompt_tokens` with DeepSeek's `prompt_cache_hit_tokens`
 * or OpenAI's (and Mistral's) `prompt_tokens_details.cached_tokens`, and of the written part,
 * `prompt_tokens_details.cache_write_tokens` ("The unadjusted number of prompt tokens written to
 * cache", SDK 7.59.0 `CompletionUsage.PromptTokensDetails`; GPT-5.6 and later report writes there).
 * `prompt_tokens` counts every input token, so the uncached part is what is neither read nor
 * written. Undefined without `prompt_tokens`.
 */
export function fromOpenAIUsage(usage: Readonly<Record<string, unknown>>): ObservedUsage | undefined {
  const prompt = number(usage['prompt_tokens']);
  if (prompt === undefined) return undefined;
  const output = number(usage['completion_tokens']);
  const hit = number(usage['prompt_cache_hit_tokens']);
  const details = isJsonObject(usage['prompt_tokens_details']) ? usage['prompt_tokens_details'] : {};
  const cached = hit ?? number(details['cached_tokens']) ?? 0;
  const written = number(details['cache_write_tokens']) ?? 0;
  return { uncached: prompt - cached - written, cacheRead: cached, cacheWrite: written, ...(output === undefined ? {} : { output }) };
}

/**
 * The one reader of OpenAI Responses usage: `input_tokens` counts every input token;
 * `input_tokens_details` splits off `cached_tokens` (read) and `cache_write_tokens` ("The number of
 * input tokens that were written to the cache", SDK 7.59.0 `ResponseUsage.InputTokensDetails`).
 * Undefined without `input_tokens` and its details.
 */
export function fromOpenAIResponsesUsage(usage: Readonly<Record<string, unknown>>): ObservedUsage | undefined {
  const input = number(usage['input_tokens']);
  if (input === undefined || !isJsonObject(usage['input_tokens_details'])) return undefined;
  const details = usage['input_tokens_details'];
  const cacheRead = number(details['cached_tokens']) ?? 0;
  const cacheWrite = number(details['cache_write_tokens']) ?? 0;
  const output = number(usage['output_tokens']);
  return { uncached: input - cacheRead - cacheWrite, cacheRead, cacheWrite, ...(output === undefined ? {} : { output }) };
}
