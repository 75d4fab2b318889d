/**
 * Causes that only a host's own log can tell, not the bytes of two requests: the log records what
 * happened between them (time passing, a compaction, a new turn). Readers of such logs (Claude Code
 * transcripts, Codex CLI rollouts) attribute them; the cause rules (`cause-rules.ts`) never do.
 */
export type LogCause = 'ttl' | 'compaction' | 'developer-message' | 'turn-context';

/** When each log cause is named, in one sentence (documentation, and `--json` consumers that list causes). */
export const LOG_CAUSES = {
  ttl: { when: 'the earlier request that shares the prefix was sent longer ago than the provider keeps an unused prefix (an idle gap)' },
  compaction: { when: 'the log records a compaction between the two requests (Codex: a `compacted` line replaced the history) and the history differs after it' },
  'developer-message': { when: 'the first differing item is a developer message (Codex rewrote its permissions, collaboration-mode or model instructions)' },
  'turn-context': { when: 'a turn context with other settings (model, cwd, approval or sandbox policy) came before the request and the history differs from the earlier request' },
} as const satisfies Record<LogCause, { readonly when: string }>;
