/**
 * Token usage of one model call, split the way prompt caches bill it. DSH records usage as
 * `{inputTokens, outputTokens, cacheReadTokens?, cacheWriteTokens?, reasoningTokens?}` where
 * `inputTokens` is the *uncached* input: in the recorded `subagent-fork-in-process` scenario the
 * parent's second request reads (158 uncached, 2816 cached) for a prompt of 2974 tokens
 * (DSH's recording of that scenario against the DeepSeek API).
 */
export interface ModelUsage extends CacheUsage {
  /** Generated tokens, reasoning included. */
  readonly output: number;
  /** The part of `output` spent on reasoning, when the provider reports it. */
  readonly reasoning?: number;
}

/**
 * Input tokens of one request, split the way providers bill them: the one usage shape of the house.
 * A model call reports it (`ModelUsage` adds the output), a cache policy predicts it, a replay sets
 * the two side by side. Each provider's own fields are read by one converter (`fromDshUsage` here,
 * Anthropic's and OpenAI's in analysis, where their wire bodies are read).
 */
export interface CacheUsage {
  /** Input tokens the provider prefilled: neither read from nor written to a cache. */
  readonly uncached: number;
  /** Input tokens served from the provider's prompt cache. */
  readonly cacheRead: number;
  /** Input tokens written to the cache by this call (Anthropic bills these; DeepSeek reports none). */
  readonly cacheWrite: number;
  /**
   * The part of `cacheWrite` written with a 1-hour TTL (Anthropic's `ephemeral_1h_input_tokens`),
   * billed at its own rate. Absent: every write has the provider's default TTL.
   */
  readonly cacheWrite1h?: number;
}

/** The usage record as DSH logs it on `assistant/message` and on the `usage` stream chunk. */
export interface DshUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens?: number | undefined;
  readonly cacheWriteTokens?: number | undefined;
  readonly reasoningTokens?: number | undefined;
}

/** Total prompt tokens of the call: uncached + cache read + cache write. */
export function totalInputTokens(usage: CacheUsage): number {
  return usage.uncached + usage.cacheRead + usage.cacheWrite;
}

/** Reads a DSH usage record; absent cache fields are zero. */
export function fromDshUsage(usage: DshUsage): ModelUsage {
  return {
    uncached: usage.inputTokens,
    cacheRead: usage.cacheReadTokens ?? 0,
    cacheWrite: usage.cacheWriteTokens ?? 0,
    output: usage.outputTokens,
    ...(usage.reasoningTokens === undefined ? {} : { reasoning: usage.reasoningTokens }),
  };
}

/**
 * Writes usage in DSH's record shape. Zero cache fields are omitted, as DSH's authored fixtures do
 * (`{"inputTokens":10,"outputTokens":5}`), except `cacheReadTokens`, which the DeepSeek adapter
 * always reports (`"cacheReadTokens":0` on a cold first request).
 */
export function toDshUsage(usage: ModelUsage, options: { readonly reportsCacheRead?: boolean } = {}): DshUsage {
  return {
    inputTokens: usage.uncached,
    outputTokens: usage.output,
    ...(usage.cacheRead > 0 || options.reportsCacheRead === true ? { cacheReadTokens: usage.cacheRead } : {}),
    ...(usage.cacheWrite > 0 ? { cacheWriteTokens: usage.cacheWrite } : {}),
    ...(usage.reasoning === undefined ? {} : { reasoningTokens: usage.reasoning }),
  };
}
