import { isThinkingBlock } from '../anthropic/earlier-thinking.js';
import { fromAnthropicUsage } from '../anthropic/anthropic-usage.js';
import { cacheMissReasonOf, type CacheMissReason } from '../usage/cache-miss-reason.js';
import type { AssistantEntry, ClaudeCodeTranscript, ConversationEntry } from './transcript-entry.js';

/** The model Claude Code logs on assistant messages it wrote itself (API errors, interruptions): no request was sent. */
export const SYNTHETIC_MODEL = '<synthetic>';

/** Usage one API call reported, in Anthropic's split. */
export interface LoggedUsage {
  readonly uncached: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  /** Of `cacheWrite`, tokens written with the 1-hour TTL. */
  readonly cacheWrite1h: number;
  readonly output: number;
}

/** One request Claude Code sent, rebuilt from its transcript. */
export interface ClaudeCodeApiCall {
  readonly messageId: string;
  readonly requestId: string | undefined;
  readonly model: string;
  /** When the request was sent, in ms since the epoch: the time of the entry it answers (the last input). */
  readonly sentAt: number;
  readonly usage: LoggedUsage | undefined;
  /**
   * Anthropic's cache diagnosis, where the logged message carries one (`message.diagnostics`, as the
   * API returned it). A transcript does not log whether the request asked, so only a reason counts:
   * `diagnostics: null` there says nothing.
   */
  readonly cacheMissReason?: CacheMissReason;
  /** The conversation the request carried, oldest entry first (the `parentUuid` chain before its first block); built when read. */
  readonly input: readonly ConversationEntry[];
  /** The input's last entry (`input.at(-1)`, without walking the chain), or undefined for an empty input. */
  readonly lastInput: ConversationEntry | undefined;
  /** 1-based line of the response's first block. */
  readonly line: number;
  /** Whether the response holds a thinking block: the request was sent with thinking enabled. */
  readonly thinking: boolean;
}

function usageOf(entry: AssistantEntry): LoggedUsage | undefined {
  const usage = entry.message.usage === undefined ? undefined : fromAnthropicUsage(entry.message.usage);
  if (usage === undefined) return undefined;
  return { uncached: usage.uncached, cacheRead: usage.cacheRead, cacheWrite: usage.cacheWrite, cacheWrite1h: usage.cacheWrite1h, output: usage.output ?? 0 };
}

function reasonOf(entry: AssistantEntry): { cacheMissReason?: CacheMissReason } {
  const reason = cacheMissReasonOf(entry.message, false);
  return reason ? { cacheMissReason: reason } : {};
}

/**
 * The conversation entry `uuid` names, or the nearest one behind it when it names a bookkeeping
 * entry (Claude Code 2.1.38 chains `progress` / `hook_progress` entries between a tool call and its
 * result): the chain is followed through them, never cut there.
 */
export function conversationAt(uuid: string | null | undefined, byUuid: ReadonlyMap<string, ConversationEntry>, links: ReadonlyMap<string, string | null> | undefined): ConversationEntry | undefined {
  const passed = new Set<string>();
  for (let at = uuid; at; at = links?.get(at)) {
    const entry = byUuid.get(at);
    if (entry !== undefined) return entry;
    if (passed.has(at) || links?.has(at) !== true) return undefined;
    passed.add(at);
  }
  return undefined;
}

/** The chain of entries ending at `uuid`, oldest first; stops where a parent is not in this file. */
function chainEndingAt(uuid: string | null | undefined, byUuid: ReadonlyMap<string, ConversationEntry>, links: ReadonlyMap<string, string | null> | undefined): ConversationEntry[] {
  const chain: ConversationEntry[] = [];
  const seen = new Set<string>();
  for (let at = conversationAt(uuid, byUuid, links); at !== undefined && !seen.has(at.uuid); at = conversationAt(at.parentUuid, byUuid, links)) {
    seen.add(at.uuid);
    chain.push(at);
  }
  return chain.reverse();
}

/**
 * The API calls of a transcript, one per response. Streaming logs one entry per content block, each
 * repeating the usage, so calls are keyed by message id and request id, and the usage kept is the
 * block with the most output (input and cache counts are the same on every block).
 */
export function collectApiCalls(transcript: ClaudeCodeTranscript): ClaudeCodeApiCall[] {
  const byUuid = new Map<string, ConversationEntry>();
  for (const entry of transcript.entries) byUuid.set(entry.uuid, entry);
  const calls = new Map<string, { first: AssistantEntry; usage: LoggedUsage | undefined; thinking: boolean }>();
  const inherited = transcript.inheritedEntries ?? 0;
  for (const [at, entry] of transcript.entries.entries()) {
    // Context carried over from a parent (a forked child's what-if) was sent by the parent, not by this session.
    if (at < inherited) continue;
    // Claude Code writes `<synthetic>` assistant messages itself (API errors, interruptions): no request was sent.
    if (entry.type !== 'assistant' || entry.message.model === SYNTHETIC_MODEL) continue;
    const key = `${entry.message.id}\u0000${entry.requestId ?? ''}`;
    const usage = usageOf(entry);
    const content = entry.message.content;
    const thinking = Array.isArray(content) && content.some((block) => isThinkingBlock(block.type));
    const known = calls.get(key);
    if (known === undefined) calls.set(key, { first: entry, usage, thinking });
    else {
      if (thinking) known.thinking = true;
      if (usage !== undefined && (known.usage === undefined || usage.output >= known.usage.output)) known.usage = usage;
    }
  }
  const result: ClaudeCodeApiCall[] = [];
  // A call answering an inherited entry is the session's first after the fork: it was sent when it was sent, not when the parent wrote that entry.
  const inheritedIds = new Set(transcript.entries.slice(0, inherited).map((entry) => entry.uuid));
  for (const { first, usage, thinking } of calls.values()) {
    const lastInput = conversationAt(first.parentUuid, byUuid, transcript.links);
    const sentAfter = lastInput !== undefined && !inheritedIds.has(lastInput.uuid) ? lastInput : undefined;
    result.push({
      messageId: first.message.id,
      requestId: first.requestId,
      model: first.message.model,
      sentAt: Date.parse(sentAfter?.timestamp ?? first.timestamp),
      usage,
      ...reasonOf(first),
      // Rebuilt on each read, never kept: a long transcript's calls would otherwise hold
      // (calls × history) entries, where the transcript itself holds each entry once.
      get input() {
        return chainEndingAt(first.parentUuid, byUuid, transcript.links);
      },
      lastInput,
      line: first.line,
      thinking,
    });
  }
  return result;
}
