import type { CacheUsage } from '../policies/cache-policy.js';

/** Usage a provider reported for one request: input split as billed, and output tokens. */
export type ObservedUsage = CacheUsage & { readonly output?: number };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const number = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** OpenAI Responses: `input_tokens` counts every input token; `input_tokens_details` splits off the cached (and, in explicit mode, written) ones. */
function responsesUsage(usage: Record<string, unknown>, input: number, details: Record<string, unknown>): ObservedUsage {
  const cacheRead = number(details['cached_tokens']) ?? 0;
  const cacheWrite = number(details['cache_write_tokens']) ?? 0;
  const output = number(usage['output_tokens']);
  return { uncached: input - cacheRead - cacheWrite, cacheRead, cacheWrite, ...(output === undefined ? {} : { output }) };
}

/** The field names of a usage whose input count is the uncached part (Anthropic; Bedrock Converse). */
const SPLIT_FIELDS = {
  anthropic: { input: 'input_tokens', read: 'cache_read_input_tokens', write: 'cache_creation_input_tokens', output: 'output_tokens' },
  converse: { input: 'inputTokens', read: 'cacheReadInputTokens', write: 'cacheWriteInputTokens', output: 'outputTokens' },
} as const;

function splitUsage(usage: Record<string, unknown>, fields: (typeof SPLIT_FIELDS)[keyof typeof SPLIT_FIELDS]): ObservedUsage | null {
  const input = number(usage[fields.input]);
  if (input === undefined) return null;
  const output = number(usage[fields.output]);
  return { uncached: input, cacheRead: number(usage[fields.read]) ?? 0, cacheWrite: number(usage[fields.write]) ?? 0, ...(output === undefined ? {} : { output }) };
}

/**
 * The usage in a recorded response body, in each provider's own fields:
 * - Anthropic: `input_tokens` (uncached), `cache_read_input_tokens`, `cache_creation_input_tokens`;
 * - OpenAI Responses: `input_tokens` (all input) with `input_tokens_details.cached_tokens`;
 * - Bedrock Converse: `inputTokens` (uncached), `cacheReadInputTokens`, `cacheWriteInputTokens`;
 * - DeepSeek: `prompt_cache_hit_tokens` and `prompt_cache_miss_tokens`;
 * - OpenAI and OpenAI-style APIs (Mistral): `prompt_tokens` with `prompt_tokens_details.cached_tokens`.
 * Null when the body carries none of them (a streamed response, an error).
 */
export function observedUsageOf(response: unknown): ObservedUsage | null {
  if (!isObject(response) || !isObject(response['usage'])) return null;
  const usage = response['usage'];
  const anthropicInput = number(usage['input_tokens']);
  if (anthropicInput !== undefined && isObject(usage['input_tokens_details'])) return responsesUsage(usage, anthropicInput, usage['input_tokens_details']);
  const split = splitUsage(usage, SPLIT_FIELDS.anthropic) ?? splitUsage(usage, SPLIT_FIELDS.converse);
  if (split) return split;
  const prompt = number(usage['prompt_tokens']);
  if (prompt === undefined) return null;
  const output = number(usage['completion_tokens']);
  const hit = number(usage['prompt_cache_hit_tokens']);
  const details = isObject(usage['prompt_tokens_details']) ? usage['prompt_tokens_details'] : {};
  const cached = hit ?? number(details['cached_tokens']) ?? 0;
  return { uncached: prompt - cached, cacheRead: cached, cacheWrite: 0, ...(output === undefined ? {} : { output }) };
}
