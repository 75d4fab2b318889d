import type { LoggedUsage } from './api-calls.js';

/** Anthropic's extended cache TTL (`cache_control: {type: 'ephemeral', ttl: '1h'}`), https://platform.claude.com/docs/en/build-with-claude/prompt-caching */
export const ONE_HOUR_SECONDS = 3600;

/**
 * The TTL each breakpoint of a Claude Code request asked for. Transcripts do not log the request's
 * `cache_control`, but the usage of every call that wrote says which TTL its writes had
 * (`cache_creation.ephemeral_1h_input_tokens` beside the 5-minute part). Anthropic requires 1-hour
 * entries before 5-minute ones, so a write that is all 1-hour marks every breakpoint `1h`, one that
 * is partly 1-hour marks the head's breakpoint `1h` and the last one `5m`, and one with no 1-hour
 * part marks them all `5m`. A call that wrote nothing (a whole read) sent what the session's latest
 * writing call sent: one session keeps its setting.
 */
export class SessionBreakpointTtls {
  readonly #latest = new Map<object, 'hour' | 'mixed' | 'five'>();
  readonly #defaultSeconds: number;

  /** `defaultSeconds`: the policy's own TTL, for a breakpoint no write of its session has shown. */
  constructor(defaultSeconds: number) {
    this.#defaultSeconds = defaultSeconds;
  }

  /** The TTLs, in seconds, of a request's `count` breakpoints (head first), or undefined when nothing in its session shows them. */
  of(session: object, usage: LoggedUsage | undefined, count: number): number[] | undefined {
    if (usage !== undefined && usage.cacheWrite > 0) {
      const hour = Math.min(usage.cacheWrite1h, usage.cacheWrite);
      this.#latest.set(session, hour === 0 ? 'five' : hour >= usage.cacheWrite ? 'hour' : 'mixed');
    }
    const setting = this.#latest.get(session);
    if (setting === undefined) return undefined;
    const five = Math.min(this.#defaultSeconds, 300);
    return Array.from({ length: count }, (_, at) => (setting === 'hour' || (setting === 'mixed' && at < count - 1) ? ONE_HOUR_SECONDS : five));
  }
}
