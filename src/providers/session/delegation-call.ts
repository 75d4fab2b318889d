import type { SessionLog } from './read-session-log.js';
import { isEventType, type LoggedEvent, type LoggedEventOf } from './session-event.js';

/**
 * Seq of a child log's first own event. DSH writes `session/end-seed` right after a constructor seed
 * (the parent's history for a fork; a continuable child's own descriptor is seeded the same way), so
 * the event after the last one starts the child's own work; a log without the marker starts at its
 * header's `seedLength` (0 when absent).
 */
export function ownEventsStart(log: SessionLog): number {
  let start = log.header.seedLength ?? 0;
  for (const entry of log.events) if (isEventType(entry, 'session/end-seed')) start = entry.seq + 1;
  return start;
}

/** A child's task: its first `user/message` after the seed, the one thing it adds to inherited history. */
export function childTask(log: SessionLog): LoggedEventOf<'user/message'> | undefined {
  const start = ownEventsStart(log);
  return log.events.find((entry): entry is LoggedEventOf<'user/message'> => entry.seq >= start && isEventType(entry, 'user/message'));
}

/** The text of a message's text blocks, joined as DSH's DeepSeek serializer joins them (no separator). */
export function messageText(content: readonly { type: string; text?: unknown }[]): string {
  return content.map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join('');
}

/** How a parent's delegating call was matched to a child. */
export type DelegationMatch =
  /** The call's `prompt` argument is the child's task text. */
  | 'prompt'
  /** The task text appears inside a string argument (a workflow script that delegates). */
  | 'embedded'
  /** The child never received a task and the parent made exactly one call with a `prompt` argument. */
  | 'only-delegating-call';

/** The outcome of `findDelegationCall`. */
export type DelegationLink =
  | { readonly kind: 'found'; readonly call: LoggedEventOf<'tool/call'>; readonly match: DelegationMatch }
  | { readonly kind: 'not-found'; readonly reason: string };

function parsedArguments(call: LoggedEventOf<'tool/call'>): unknown {
  try {
    return JSON.parse(call.event.data.arguments);
  } catch {
    return undefined;
  }
}

function containsText(value: unknown, text: string): boolean {
  if (typeof value === 'string') return value.includes(text);
  if (Array.isArray(value)) return value.some((item) => containsText(item, text));
  if (typeof value === 'object' && value !== null) return Object.values(value).some((item) => containsText(item, text));
  return false;
}

function promptOf(args: unknown): string | undefined {
  if (typeof args !== 'object' || args === null) return undefined;
  const prompt = (args as Record<string, unknown>)['prompt'];
  return typeof prompt === 'string' ? prompt : undefined;
}

/**
 * The parent's `tool/call` that created a child: the point where the parent forked, so the point at
 * which its log must be cut to compute the child's seed (the parent's log goes on after the fork).
 *
 * The delegation tool's `prompt` argument becomes the child's task message verbatim (DSH
 * `tool-subagent`), so the call is found by that text. Two calls with the same prompt (parallel
 * children given identical tasks) cannot be told apart from the logs; the first is returned, and
 * both sit at the same point of the parent's turn.
 */
export function findDelegationCall(parent: SessionLog, child: SessionLog): DelegationLink {
  const calls = parent.events.filter((entry: LoggedEvent): entry is LoggedEventOf<'tool/call'> => isEventType(entry, 'tool/call'));
  const task = childTask(child);
  if (task) {
    const text = messageText(task.event.data.content);
    const byPrompt = calls.find((call) => promptOf(parsedArguments(call)) === text);
    if (byPrompt) return { kind: 'found', call: byPrompt, match: 'prompt' };
    const embedded = calls.find((call) => containsText(parsedArguments(call), text));
    if (embedded) return { kind: 'found', call: embedded, match: 'embedded' };
    return { kind: 'not-found', reason: `no tool/call of the parent carries the child's task text (${JSON.stringify(text.slice(0, 60))})` };
  }
  const delegating = calls.filter((call) => promptOf(parsedArguments(call)) !== undefined);
  const only = delegating[0];
  if (only && delegating.length === 1) return { kind: 'found', call: only, match: 'only-delegating-call' };
  return { kind: 'not-found', reason: `the child has no task message and the parent made ${delegating.length} calls with a prompt argument` };
}
