import path from 'node:path';
import type { InputOptions } from '../../providers/input/index.js';
import { collectApiCalls, type ClaudeCodeApiCall } from './api-calls.js';
import type { SessionState } from './claude-code-replay.js';
import type { ClaudeCodeTranscript, ConversationEntry } from './transcript-entry.js';

/*
 * Claude Code compacts a long conversation through a subagent of its own (`agent-acompact-*.jsonl`):
 * its request is the parent's conversation as the parent last sent it, on the parent's head, with
 * the compaction instruction after it, so its first call reads what the parent cached (about the
 * parent's last request). Its transcript logs only the instruction and the summary: the replay
 * seeds it with the parent's conversation, as Claude Code sends it.
 */

/** Whether a subagent file is one of Claude Code's compaction agents. */
export function isCompactionAgent(file: string): boolean {
  return path.basename(file).startsWith('agent-acompact-');
}

/**
 * What the input lacks of a compaction agent's requests when it holds no request of its session
 * before the agent's first: each sends the session's conversation, which the agent's transcript does
 * not log, so the request rebuilt from it is the instruction alone.
 */
export function missingConversation(sessionInInput: boolean): string {
  const why = sessionInInput ? 'its session logged no request before it' : "its session's transcript is not in the input";
  return `compaction agent: ${why}, so the conversation each of its requests sends is not either; predicted from its own entries alone`;
}

/** The parent's last request sent at or before `time` (ms) with logged usage: the conversation the agent carries. */
export function parentRequestBefore(calls: readonly ClaudeCodeApiCall[], time: number): ClaudeCodeApiCall | undefined {
  let found: ClaudeCodeApiCall | undefined;
  for (const call of calls) if (call.sentAt <= time && call.usage !== undefined && (found === undefined || call.sentAt >= found.sentAt)) found = call;
  return found;
}

/**
 * The transcript of a child whose requests continue `context` (the parent's conversation): the
 * context first, counted as inherited (no request of the child sent it), then the child's own entries,
 * its first linked to the context's last. Links of both are kept, so history is followed through
 * the parent's bookkeeping entries too.
 */
export function continuingTranscript(child: ClaudeCodeTranscript, parent: ClaudeCodeTranscript, context: readonly ConversationEntry[], own: readonly ConversationEntry[] = child.entries): ClaudeCodeTranscript {
  const last = context.at(-1);
  const linked = own.map((entry, at): ConversationEntry => (at === 0 && last !== undefined ? { ...entry, parentUuid: last.uuid } : entry));
  const links = new Map([...(parent.links ?? []), ...(child.links ?? [])]);
  return { ...child, entries: [...context, ...linked], inheritedEntries: context.length, ...(links.size > 0 ? { links } : {}) };
}

/**
 * A compaction agent's replay state: seeded with the parent's conversation of its last request
 * before the agent's first, on the parent's head, continuing the parent's requests (`forkedFrom: 0`,
 * so the sizes the parent's usage showed carry over). Undefined when the parent logged no request
 * before it: the agent is then replayed as any subagent.
 */
export async function compactionAgentState(
  child: ClaudeCodeTranscript,
  main: ClaudeCodeTranscript,
  root: SessionState,
  stateOf: (transcript: ClaudeCodeTranscript, given: { id: string; agent: string; version: string | undefined; forkedFrom: number }, input: Pick<InputOptions, 'maxInputBytes'>) => Promise<SessionState>,
  own: SessionState,
  input: Pick<InputOptions, 'maxInputBytes'>,
): Promise<SessionState | undefined> {
  const first = collectApiCalls(child).reduce<ClaudeCodeApiCall | undefined>((earliest, call) => (earliest === undefined || call.sentAt < earliest.sentAt ? call : earliest), undefined);
  const parent = first === undefined ? undefined : parentRequestBefore(collectApiCalls(main), first.sentAt);
  if (parent === undefined) return undefined;
  return stateOf(continuingTranscript(child, main, parent.input), { id: own.id, agent: root.agent, version: root.version, forkedFrom: 0 }, input);
}
