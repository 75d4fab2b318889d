/**
 * Token usage of one model call, split the way prompt caches bill it. DSH records usage as
 * `{inputTokens, outputTokens, cacheReadTokens?, cacheWriteTokens?, reasoningTokens?}` where
 * `inputTokens` is the *uncached* input: in the recorded `subagent-fork-in-process` scenario the
 * parent's second request reads (158 uncached, 2816 cached) for a prompt of 2974 tokens
 * (corpus/README.md, "Example of what the numbers say").
 */
export interface ModelUsage {
  /** Input tokens the provider prefilled (neither read from nor written to a cache). */
  readonly uncachedInputTokens: number;
  /** Input tokens served from the provider's prompt cache. */
  readonly cacheReadTokens: number;
  /** Input tokens written to the cache by this call (Anthropic bills these; DeepSeek reports none). */
  readonly cacheWriteTokens: number;
  /** Generated tokens, reasoning included. */
  readonly outputTokens: number;
  /** The part of `outputTokens` spent on reasoning, when the provider reports it. */
  readonly reasoningTokens?: number;
}

/** The usage record as DSH logs it on `assistant/message` and on the `usage` stream chunk. */
export interface DshUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens?: number;
  readonly cacheWriteTokens?: number;
  readonly reasoningTokens?: number;
}

/** Total prompt tokens of the call: uncached + cache read + cache write. */
export function totalInputTokens(usage: ModelUsage): number {
  return usage.uncachedInputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
}

/** Reads a DSH usage record; absent cache fields are zero. */
export function fromDshUsage(usage: DshUsage): ModelUsage {
  return {
    uncachedInputTokens: usage.inputTokens,
    cacheReadTokens: usage.cacheReadTokens ?? 0,
    cacheWriteTokens: usage.cacheWriteTokens ?? 0,
    outputTokens: usage.outputTokens,
    ...(usage.reasoningTokens === undefined ? {} : { reasoningTokens: usage.reasoningTokens }),
  };
}

/**
 * Writes usage in DSH's record shape. Zero cache fields are omitted, as DSH's authored fixtures do
 * (`{"inputTokens":10,"outputTokens":5}`), except `cacheReadTokens`, which the DeepSeek adapter
 * always reports (`"cacheReadTokens":0` on a cold first request).
 */
export function toDshUsage(usage: ModelUsage, options: { readonly reportsCacheRead?: boolean } = {}): DshUsage {
  return {
    inputTokens: usage.uncachedInputTokens,
    outputTokens: usage.outputTokens,
    ...(usage.cacheReadTokens > 0 || options.reportsCacheRead === true ? { cacheReadTokens: usage.cacheReadTokens } : {}),
    ...(usage.cacheWriteTokens > 0 ? { cacheWriteTokens: usage.cacheWriteTokens } : {}),
    ...(usage.reasoningTokens === undefined ? {} : { reasoningTokens: usage.reasoningTokens }),
  };
}
