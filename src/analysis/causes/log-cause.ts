import type { CauseFacts } from './cause-facts.js';

/**
 * Causes that only a host's own log can tell, not the bytes of two requests: the log records what
 * happened between them (time passing, a compaction, a new turn). Readers of such logs (Claude Code
 * transcripts, Codex CLI rollouts) attribute them; the cause rules (`cause-rules.ts`) never do.
 */
export type LogCause = 'ttl' | 'compaction' | 'developer-message' | 'turn-context';

/** What a log cause means: when it is named, and whether the change is in the request head. */
export interface LogCauseFacts extends CauseFacts {
  /** One sentence (documentation, and `--json` consumers that list causes). */
  readonly when: string;
  /** The change is in the head (a developer message at the top of a Codex request): everything after it is lost. */
  readonly inHead: boolean;
}

/** Every log cause with its facts. */
export const LOG_CAUSES = {
  ttl: { when: 'the earlier request that shares the prefix was sent longer ago than the provider keeps an unused prefix (an idle gap)', inHead: false, breaks: true, claimsShared: null },
  compaction: { when: 'the log records a compaction between the two requests (Codex: a `compacted` line replaced the history) and the history differs after it', inHead: false, breaks: true, claimsShared: null },
  'developer-message': { when: 'the first differing item is a developer message (Codex rewrote its permissions, collaboration-mode or model instructions)', inHead: true, breaks: true, claimsShared: null },
  'turn-context': { when: 'a turn context with other settings (model, cwd, approval or sandbox policy) came before the request and the history differs from the earlier request', inHead: true, breaks: true, claimsShared: null },
} as const satisfies Record<LogCause, LogCauseFacts>;
