import { isJsonObject } from '../../prefix/json-object.js';
import { converseUsage } from '../bedrock/converse-usage.js';
import { fromOpenAIResponsesUsage, fromOpenAIUsage } from '../openai/openai-usage.js';
import { fromAnthropicUsage } from '../anthropic/anthropic-usage.js';
import type { ObservedUsage } from '../usage/observed-usage.js';

/**
 * The usage in a recorded response body, read by the provider whose fields it holds (each provider's
 * room reads its own: `anthropic/anthropic-usage.ts`, `openai/openai-usage.ts` for OpenAI Chat and
 * Responses and the OpenAI-style APIs of DeepSeek and Mistral, `bedrock/converse-usage.ts`), tried
 * from the most specific shape to the least. Null when the body carries none of them (a streamed
 * response, an error).
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
