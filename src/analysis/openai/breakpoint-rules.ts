/**
 * The facts of OpenAI's breakpoint caching, which the GPT-5.6 family introduced ("Prompt cache
 * breakpoints" in the prompt caching guide, and the `prompt_cache_options` and
 * `prompt_cache_breakpoint` types of the official `openai` SDK 7.59.0:
 * `resources/responses/responses.d.ts`, `resources/chat/completions/completions.d.ts`). The body
 * readers mark where a request writes; the OpenAI policy reads only at those marks.
 */

import { ttlSeconds } from '../policies/breakpoint-marks.js';

export const CACHING_DOC = 'https://developers.openai.com/api/docs/guides/prompt-caching';
const BREAKPOINTS_DOC = `${CACHING_DOC}#prompt-cache-breakpoints`;

/**
 * True for models that cache at breakpoints: "GPT-5.6 models and later model families cache exact
 * prompt prefixes at cache breakpoints" (the guide), and `prompt_cache_options` is "Supported for
 * `gpt-5.6` and later models" (SDK 7.59.0). `gpt-5.6`, `gpt-5.6-sol-2026-…`, `gpt-5.7`, `gpt-6…`;
 * not `gpt-5.5`, `gpt-5`, `gpt-4o` or the o-series.
 */
export function cachesAtBreakpoints(model: string): boolean {
  const version = /^(?:openai\/)?gpt-(\d+)(?:\.(\d+))?(?:$|[-.])/i.exec(model);
  if (!version) return false;
  const major = Number(version[1]);
  const minor = version[2] === undefined ? 0 : Number(version[2]);
  return major > 5 || (major === 5 && minor >= 6);
}

/** `prompt_cache_options.mode`: "Defaults to `implicit`" (SDK 7.59.0, `PromptCacheOptions.mode`). */
export type PromptCacheMode = 'implicit' | 'explicit';


/** A number of the breakpoint rule, with its source. */
interface BreakpointFact {
  readonly value: number;
  readonly unit: string;
  readonly source: string;
}

export const BREAKPOINT_FACTS = {
  // "Each request can write up to four breakpoints" (SDK 7.59.0, `prompt_cache_options`).
  maxWrites: { value: 4, unit: 'breakpoints', source: `${BREAKPOINTS_DOC} (each request can write up to four breakpoints)` },
  // "With `implicit`, OpenAI creates one implicit breakpoint and writes up to the latest three explicit breakpoints" (SDK 7.59.0, `mode`).
  explicitWritesWithImplicit: { value: 3, unit: 'breakpoints', source: `${BREAKPOINTS_DOC} (implicit mode: one implicit breakpoint and the latest three explicit ones)` },
  // "The minimum lifetime applied to every implicit and explicit cache breakpoint ... `30m` (the default)" (SDK 7.59.0, `ttl`).
  ttlSeconds: { value: ttlSeconds('30m'), unit: 'seconds', source: `${BREAKPOINTS_DOC} (prompt_cache_options.ttl defaults to 30m, a minimum lifetime)` },
  // "For GPT-5.6 models and later model families, cache writes cost 1.25× the uncached input token rate" (the guide).
  writeMultiplier: { value: 1.25, unit: '× base input', source: `${CACHING_DOC} (GPT-5.6 and later: cache writes cost 1.25× the uncached input rate)` },
  // "A prompt prefix must meet the model's minimum cacheable token length before it can be cached"; the guide's minimum is 1024.
  minimumTokens: { value: 1024, unit: 'tokens', source: `${CACHING_DOC} (a prefix must meet the minimum cacheable length, 1024 tokens)` },
} as const satisfies Record<string, BreakpointFact>;

/** Which breakpoints a request writes, in prompt order: the given marks' indexes that are written. */
export function writtenBreakpoints(explicit: readonly number[], mode: PromptCacheMode): number[] {
  // "writes up to the latest three explicit breakpoints" (implicit mode) / "the latest four" (explicit mode).
  const keep = mode === 'implicit' ? BREAKPOINT_FACTS.explicitWritesWithImplicit.value : BREAKPOINT_FACTS.maxWrites.value;
  return explicit.slice(Math.max(0, explicit.length - keep));
}
