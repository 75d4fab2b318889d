import type { BreakpointMarks } from '../policies/breakpoint-marks.js';
import { anthropicMinimumTokens } from './anthropic-policy.js';

const CACHING_DOC = 'https://platform.claude.com/docs/en/build-with-claude/prompt-caching';

/** The rules of Anthropic's `cache_control` a request can break, each checked before it is sent. */
export type AnthropicRule = 'too-many-breakpoints' | 'ttl-order' | 'unknown-ttl' | 'under-minimum';

/**
 * A request that breaks one of Anthropic's caching rules: `rejected` when the API refuses it (a 400,
 * nothing read or written), `not-cached` when the API takes it and caches nothing at that breakpoint.
 * The request is never changed: the host is told, with the rule and its source.
 */
export interface RequestProblem {
  readonly rule: AnthropicRule;
  readonly effect: 'rejected' | 'not-cached';
  /** One sentence naming what in the request breaks the rule. */
  readonly message: string;
  /** Where the rule is documented. */
  readonly source: string;
}

/** At most 4 breakpoints per request ("You can define up to 4 cache breakpoints"); more is a 400. */
const MAX_BREAKPOINTS = 4;
/** `ttl` takes "5m" or "1h"; any other value is a 400. */
const TTLS = new Set(['5m', '1h']);
const TTL_SECONDS: Readonly<Record<string, number>> = { '5m': 300, '1h': 3600 };

/**
 * The problems of a request's breakpoints under Anthropic's rules (prompt-caching doc): more than 4
 * breakpoints and a `ttl` other than `5m`/`1h` are refused; so is a longer TTL after a shorter one
 * ("cache entries with longer TTL must appear before shorter TTLs", Mixing different TTLs); a
 * breakpoint whose prefix is under the model's minimum is accepted and not cached ("Shorter prompts
 * cannot be cached, even if marked with cache_control").
 */
export function anthropicRequestProblems(marks: BreakpointMarks, model: string): RequestProblem[] {
  const problems: RequestProblem[] = [];
  const count = marks.tokens.length;
  if (count > MAX_BREAKPOINTS) {
    problems.push({ rule: 'too-many-breakpoints', effect: 'rejected', message: `the request has ${count} cache_control breakpoints; the API takes at most ${MAX_BREAKPOINTS} and refuses the request (400)`, source: `${CACHING_DOC} ("up to 4 cache breakpoints")` });
  }
  marks.ttls.forEach((ttl, at) => {
    if (!TTLS.has(ttl)) problems.push({ rule: 'unknown-ttl', effect: 'rejected', message: `breakpoint ${at + 1} asks for ttl '${ttl}'; the API takes '5m' or '1h' and refuses the request (400)`, source: `${CACHING_DOC} (ttl: "5m" or "1h")` });
  });
  let shortest: { readonly ttl: string; readonly at: number } | undefined;
  marks.ttls.forEach((ttl, at) => {
    const seconds = TTL_SECONDS[ttl];
    if (seconds === undefined) return;
    if (shortest && seconds > TTL_SECONDS[shortest.ttl]!) {
      problems.push({ rule: 'ttl-order', effect: 'rejected', message: `breakpoint ${at + 1} (ttl '${ttl}') comes after breakpoint ${shortest.at + 1} (ttl '${shortest.ttl}'): a longer TTL must come before a shorter one, and the API refuses the request (400)`, source: `${CACHING_DOC} (Mixing different TTLs)` });
    }
    if (!shortest || seconds < TTL_SECONDS[shortest.ttl]!) shortest = { ttl, at };
  });
  const minimum = anthropicMinimumTokens(model);
  marks.tokens.forEach((tokens, at) => {
    if (tokens < minimum) problems.push({ rule: 'under-minimum', effect: 'not-cached', message: `breakpoint ${at + 1} ends after about ${tokens} tokens, under ${model}'s minimum of ${minimum}: the API takes the request and caches nothing there`, source: `${CACHING_DOC} (minimum cacheable prompt length)` });
  });
  return problems;
}
