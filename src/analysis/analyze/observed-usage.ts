import { isJsonObject } from '../../prefix/json-object.js';
import { fromAnthropicUsage, fromOpenAIUsage, type ObservedUsage } from '../usage/index.js';

export type { ObservedUsage };

/**
 * The usage in a recorded response body, in each provider's own fields (Anthropic's, then
 * OpenAI-style ones: DeepSeek, OpenAI, Mistral). Null when the body carries none of them (a
 * streamed response, an error).
 */
export function observedUsageOf(response: unknown): ObservedUsage | null {
  if (!isJsonObject(response) || !isJsonObject(response['usage'])) return null;
  const anthropic = fromAnthropicUsage(response['usage']);
  if (anthropic !== undefined) {
    const { cacheWrite1h: _ttlSplit, ...observed } = anthropic;
    return observed;
  }
  return fromOpenAIUsage(response['usage']) ?? null;
}
