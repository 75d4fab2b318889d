import { isJsonObject } from '../../prefix/json-object.js';
import { usageNumber as number, type ObservedUsage } from '../usage/observed-usage.js';

/**
 * Anthropic's usage object as the API returns it and Claude Code logs it (copied): the uncached input,
 * the read and the written part, and the write's split by TTL.
 * https://platform.claude.com/docs/en/build-with-claude/prompt-caching#tracking-cache-performance
 */
export interface AnthropicUsageObject {
  readonly input_tokens: number;
  readonly output_tokens?: number | undefined;
  readonly cache_read_input_tokens?: number | null | undefined;
  readonly cache_creation_input_tokens?: number | null | undefined;
  readonly cache_creation?: { readonly ephemeral_5m_input_tokens?: number | undefined; readonly ephemeral_1h_input_tokens?: number | undefined; readonly [field: string]: unknown } | null | undefined;
  readonly [field: string]: unknown;
}

/** The token counts of a usage object, as a reader checks them: field, and whether it may be missing or null. */
export const ANTHROPIC_USAGE_COUNTS = [
  { field: 'input_tokens', optional: false, nullable: false },
  { field: 'output_tokens', optional: true, nullable: false },
  { field: 'cache_read_input_tokens', optional: true, nullable: true },
  { field: 'cache_creation_input_tokens', optional: true, nullable: true },
] as const;

/** The object splitting the write by TTL (`cache_creation`: null or absent before the 1-hour TTL existed), and its counts. */
export const ANTHROPIC_WRITE_SPLIT = { field: 'cache_creation', counts: ['ephemeral_5m_input_tokens', 'ephemeral_1h_input_tokens'] } as const;

/** Anthropic's usage: `ObservedUsage` plus the part of the write made with the 1-hour TTL. */
export type AnthropicUsage = ObservedUsage & { readonly cacheWrite1h: number };

/**
 * The one reader of Anthropic's usage fields (response bodies and Claude Code transcripts alike):
 * `input_tokens` (uncached), `cache_read_input_tokens`, `cache_creation_input_tokens`, and of the
 * write, `cache_creation.ephemeral_1h_input_tokens`. Undefined when `input_tokens` is absent.
 */
export function fromAnthropicUsage(usage: Readonly<Record<string, unknown>>): AnthropicUsage | undefined {
  const uncached = number(usage['input_tokens']);
  if (uncached === undefined) return undefined;
  const output = number(usage['output_tokens']);
  const creation = isJsonObject(usage['cache_creation']) ? usage['cache_creation'] : {};
  return {
    uncached,
    cacheRead: number(usage['cache_read_input_tokens']) ?? 0,
    cacheWrite: number(usage['cache_creation_input_tokens']) ?? 0,
    ...(output === undefined ? {} : { output }),
    cacheWrite1h: number(creation['ephemeral_1h_input_tokens']) ?? 0,
  };
}


/**
 * A usage object holding `written` tokens as one 5-minute write and nothing read, the rest of it
 * kept: for a replay that re-sizes a logged request and predicts its split itself.
 */
export function asOneWrite(usage: AnthropicUsageObject, written: number): AnthropicUsageObject {
  return { ...usage, cache_read_input_tokens: 0, cache_creation_input_tokens: written, cache_creation: null };
}

/** The tokens a usage object says were read or written (what a re-sized request keeps of it). */
export function cachedTokensOf(usage: AnthropicUsageObject): number {
  return (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0);
}
