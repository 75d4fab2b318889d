import type { RecordedEvent } from '../log/session-log.js';
import type { AgentHandle } from '../loop/agent-contract.js';
import type { JobSnapshot } from '../loop/job-contract.js';
import { jobCompletionNotice, jobCompletionSummary } from './job-texts.js';

/** Turns completion notices may open on one idle owner before they degrade to injection (DSH tool-jobs `maxConsecutiveWakes`). */
export const MAX_CONSECUTIVE_WAKES = 3;

/** The plugin name a completion notice is sourced from. */
const NOTICE_PLUGIN = 'tool-jobs';

interface LoggedMessage {
  readonly source?: { readonly kind?: string; readonly plugin?: string };
}

/**
 * Turns completion notices opened on the owner since it last consumed user-authored input, read
 * from its own log: next-turn inserts of `tool-jobs` notices after the last user message whose
 * source is `user` (DSH keeps this count and resets it when a user message is claimed).
 */
export function spentWakes(events: readonly RecordedEvent[]): number {
  let spent = 0;
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index]!;
    if (event.type === 'user/message' && (event.data as LoggedMessage).source?.kind === 'user') break;
    if (event.type !== 'agent/inbox/spliced') continue;
    const data = event.data as { target?: string; inserted?: readonly LoggedMessage[] };
    if (data.target === 'next-turn' && data.inserted?.some((message) => message.source?.plugin === NOTICE_PLUGIN)) spent++;
  }
  return spent;
}

/**
 * Delivers an unreported completion to its owner (DSH tool-jobs `onJobDone`): an idle owner is
 * woken with a next turn, at most three in a row without user input between them; a busy one gets
 * the notice as next-step input, which is why product-subagent-result-diagnostic/session.jsonl shows
 * it claimed at the parent's next step. A disposed owner gets nothing.
 */
export function deliverJobNotice(snapshot: JobSnapshot, owner: AgentHandle): void {
  if (snapshot.reported || owner.status === 'disposed') return;
  const content = [{ type: 'text' as const, text: jobCompletionNotice(snapshot) }];
  const source = { kind: 'plugin' as const, plugin: NOTICE_PLUGIN, form: 'notice' as const, summary: jobCompletionSummary(snapshot) };
  if (owner.status === 'idle' && spentWakes(owner.session.events) < MAX_CONSECUTIVE_WAKES) owner.followup(content, source);
  else owner.inject(content, source);
}
