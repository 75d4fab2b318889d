import type { CacheUsage } from '../policies/cache-policy.js';

/** Usage a provider reported for one request: input split as billed, and output tokens. */
export type ObservedUsage = CacheUsage & { readonly output?: number };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const number = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * The usage in a recorded response body, in each provider's own fields:
 * - Anthropic: `input_tokens` (uncached), `cache_read_input_tokens`, `cache_creation_input_tokens`;
 * - DeepSeek: `prompt_cache_hit_tokens` and `prompt_cache_miss_tokens`;
 * - OpenAI and OpenAI-style APIs (Mistral): `prompt_tokens` with `prompt_tokens_details.cached_tokens`.
 * Null when the body carries none of them (a streamed response, an error).
 */
export function observedUsageOf(response: unknown): ObservedUsage | null {
  if (!isObject(response) || !isObject(response['usage'])) return null;
  const usage = response['usage'];
  const anthropicInput = number(usage['input_tokens']);
  if (anthropicInput !== undefined) {
    const output = number(usage['output_tokens']);
    return {
      uncached: anthropicInput,
      cacheRead: number(usage['cache_read_input_tokens']) ?? 0,
      cacheWrite: number(usage['cache_creation_input_tokens']) ?? 0,
      ...(output === undefined ? {} : { output }),
    };
  }
  const prompt = number(usage['prompt_tokens']);
  if (prompt === undefined) return null;
  const output = number(usage['completion_tokens']);
  const hit = number(usage['prompt_cache_hit_tokens']);
  const details = isObject(usage['prompt_tokens_details']) ? usage['prompt_tokens_details'] : {};
  const cached = hit ?? number(details['cached_tokens']) ?? 0;
  return { uncached: prompt - cached, cacheRead: cached, cacheWrite: 0, ...(output === undefined ? {} : { output }) };
}
