import path from 'node:path';
import { isEventType, type SessionLog } from '../../providers/session/index.js';
import { signedTokens } from '../replay/head-calibration.js';
import type { SessionAnalysis } from '../result/session-analysis.js';

/** The first message in a DSH log that one of its hooks added to the history. */
export interface HookMessage {
  readonly seq: number;
  /** The plugin the message's `source` names (`hooks-claude-code`, `hooks-codex`, …). */
  readonly plugin: string;
}

/**
 * The first `user/message` a hook added, or null. DSH logs each hook run as `hook/invoked` with its
 * `dialect`, and the bridge of that dialect writes what the hook returns as a `user/message` whose
 * `source` is `{kind: "plugin", plugin: "hooks-<dialect>"}` (today `hooks-claude-code` and
 * `hooks-codex`, in July 2026 `hooks-claude`; corpus `dsh` and `dsh-as-recorded`). Other plugin
 * messages (the runtime-context snapshot) are not a hook's.
 */
export function firstHookMessage(log: SessionLog): HookMessage | null {
  const bridges = new Set<string>();
  for (const entry of log.events) {
    if (entry.event.type === 'hook/invoked') {
      const dialect = (entry.event.data as { readonly dialect?: unknown } | undefined)?.dialect;
      if (typeof dialect === 'string') bridges.add(`hooks-${dialect}`);
      continue;
    }
    if (!isEventType(entry, 'user/message')) continue;
    const source = entry.event.data.source as { readonly kind: string; readonly plugin?: unknown };
    if (source.kind === 'plugin' && typeof source.plugin === 'string' && bridges.has(source.plugin)) return { seq: entry.seq, plugin: source.plugin };
  }
  return null;
}

/** A request whose history holds a hook's message, on a head the log carries as sent. */
export interface HookRequest {
  readonly session: number;
  readonly index: number;
  readonly plugin: string;
}

/**
 * A note naming the observed requests after a hook's message whose predicted total misses the logged
 * one, and why the log cannot say what was sent. Today's DSH sends a hook's message as its
 * `user/message` records it, and so does the replay. DSH's July 2026 sessions logged a hook's
 * context as a `context/message` event instead, and their recorded totals exceed that text as
 * rendered (by 8 tokens after a prompt-submit hook and 9 after a post-tool hook, on the four
 * recordings in `dsh-as-recorded`): what was sent around it is in no log, so a log converted to
 * today's shape cannot carry it, and the replay does not invent it. The requests stay in the
 * self-check; the note only says where a miss comes from. Empty when nothing misses.
 */
export function hookMessageMissNote(sessions: readonly SessionAnalysis[], requests: readonly HookRequest[]): string[] {
  if (requests.length === 0) return [];
  const plugin = new Map(requests.map((request) => [`${request.session}:${request.index}`, request.plugin]));
  const misses: string[] = [];
  const plugins = new Set<string>();
  let observed = 0;
  sessions.forEach((session, number) => {
    for (const request of session.requests) {
      const by = plugin.get(`${number}:${request.index}`);
      if (by === undefined || !request.observed) continue;
      observed++;
      const total = request.observed.uncached + request.observed.cacheRead + request.observed.cacheWrite;
      if (total === request.tokens) continue;
      plugins.add(by);
      misses.push(`${path.basename(session.file)} request ${request.index} ${signedTokens(total - request.tokens)}`);
    }
  });
  if (misses.length === 0) return [];
  return [
    `${misses.length} of ${observed} observed requests after a message a hook added (${[...plugins].join(', ')}) miss their logged input total (logged − predicted: ${misses.join('; ')}): the message is rendered as logged, which is how DSH sends a user/message today; DSH's July 2026 sessions logged a hook's context as a context/message and sent it with more than its text, which no log records, so a log converted from one of their recordings falls short by that; these requests stay in the self-check`,
  ];
}
