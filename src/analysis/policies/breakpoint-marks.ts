import type { PrefixRequest, PrefixTokenCounter } from '../../prefix/index.js';

/** A breakpoint's TTL as the body gives it: `5m` (Anthropic's default), `1h`, `30m`/`12h` (OpenAI's), or a value the API does not take. */
export type BreakpointTtl = string;

/** The explicit cache breakpoints of one request (Anthropic `cache_control`), in wire order. */
export interface BreakpointMarks {
  /** Token offset at the end of each marked block. */
  readonly tokens: readonly number[];
  /** The TTL each breakpoint asks for (`5m` when the body gives none). */
  readonly ttls: readonly BreakpointTtl[];
  /** Content blocks through each breakpoint (each tool, system block and message content block is one). */
  readonly blocks: readonly number[];
}

// The TTLs the APIs' breakpoints take, one vocabulary for every body reader: Anthropic's `ttl` is "5m"
// (the default) or "1h" (https://platform.claude.com/docs/en/build-with-claude/prompt-caching);
// OpenAI's GPT-5.6 breakpoints take "30m" (the default) or "12h" (openai SDK 7.59.0,
// `PromptCacheBreakpoint.ttl`).
const TTL_SECONDS: Readonly<Record<string, number>> = { '5m': 300, '1h': 3600, '30m': 30 * 60, '12h': 12 * 3600 };

/** Seconds a breakpoint's entry lives (refreshed on each hit); a TTL the API does not take lives the default 5 minutes. */
export function ttlSeconds(ttl: BreakpointTtl): number {
  return TTL_SECONDS[ttl] ?? 300;
}

/** The breakpoints of a request: where each marked segment ends, in tokens and in blocks, and its TTL. */
export function breakpointMarksOf(request: PrefixRequest, counter: PrefixTokenCounter): BreakpointMarks {
  const tokens: number[] = [];
  const ttls: string[] = [];
  const blocks: number[] = [];
  let blockCount = 0;
  request.segments.forEach((segment, index) => {
    blockCount += segment.meta?.blocks ?? 1;
    const mark = segment.meta?.cacheControl;
    if (!mark) return;
    tokens.push(counter.prefixTokens(request.segments, index + 1));
    ttls.push(mark.ttl ?? '5m');
    blocks.push(blockCount);
  });
  return { tokens, ttls, blocks };
}
