import path from 'node:path';
import { asOneWrite, cachedTokensOf } from '../anthropic/anthropic-usage.js';
import type { CachePolicy } from '../policies/cache-policy.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import type { Tokenizer } from '../../prefix/index.js';
import { replayStates, readTree, sessionState, treeStates } from './analyze-claude-code-session.js';
import { continuingTranscript, parentRequestBefore } from './compaction-agents.js';
import { collectApiCalls, SYNTHETIC_MODEL, type ClaudeCodeApiCall } from './api-calls.js';
import type { SessionState } from './claude-code-replay.js';
import { SidechainIndex } from './find-sidechains.js';
import { HeadEvidence, type HeadSighting } from './head-evidence.js';
import type { AssistantEntry, ClaudeCodeTranscript, ConversationEntry } from './transcript-entry.js';
import { inputLimit, type InputLimit } from '../../providers/input/input-chunks.js';

/*
 * What forking the subagents instead of spawning them would have changed, found by replaying the
 * same requests under the other setting. A spawned subagent sends its own head (its tools and
 * system prompt) and then its own conversation. Forked, it would send its parent's request as it
 * stood when the subagent started (the parent's head and conversation), then the subagent's own
 * conversation. Each subagent is rebuilt that way from the transcripts and the whole tree is run
 * again through the same replay and policy, so what forking changes (children reading the parent's
 * live prefix, siblings sharing it, the parent's entries kept warm by its children) comes from the
 * same cache rules as every other prediction.
 */

/**
 * A subagent's response as a fork would have had it: sent on the parent's model (a fork continues
 * the parent's conversation, and a cache entry is only read on the model that wrote it), its logged
 * usage resized. That usage has no meaning of its own: the replay needs the request's size only.
 */
function forkedResponse(entry: AssistantEntry, model: string, shift: number): AssistantEntry {
  const usage = entry.message.usage;
  if (usage === undefined) return { ...entry, message: { ...entry.message, model } };
  const cached = cachedTokensOf(usage);
  // The request is the spawned one with its head swapped for the parent's request: `shift` tokens
  // longer (or shorter). Its split between read and written is for the replay to predict; logged
  // as one write, it only sizes the blocks the replay fits.
  const resized = asOneWrite(usage, Math.max(0, cached + shift));
  return { ...entry, message: { ...entry.message, model, usage: resized } };
}

/** The subagent's transcript as if forked: the parent's request conversation first, then its own entries on the parent's model, usage resized. */
function forkedTranscript(child: ClaudeCodeTranscript, parent: ClaudeCodeTranscript, context: readonly ConversationEntry[], model: string, shift: number): ClaudeCodeTranscript {
  // Claude Code's own `<synthetic>` messages sent no request, forked or not.
  const own = child.entries.map((entry): ConversationEntry => (entry.type === 'assistant' && entry.message.model !== SYNTHETIC_MODEL ? { ...forkedResponse(entry, model, shift), line: entry.line } : entry));
  return continuingTranscript(child, parent, context, own);
}

/** The later of two sightings (either may be missing). */
function later(a: HeadSighting | undefined, b: HeadSighting | undefined): HeadSighting | undefined {
  if (a === undefined) return b;
  return b === undefined || a.time >= b.time ? a : b;
}

/**
 * Head sightings for a second replay of a tree: what the input showed before (`base`, never written
 * to) and what the second replay itself shows, so the root's first request rests on the same
 * evidence in both replays and nothing of the what-if leaks into the trees replayed after it.
 */
class EvidenceOverlay extends HeadEvidence {
  readonly #base: HeadEvidence;

  constructor(base: HeadEvidence) {
    super();
    this.#base = base;
  }

  override live(key: string, time: number, session: string): HeadSighting | undefined {
    return later(super.live(key, time, session), this.#base.live(key, time, session));
  }

  override ownLive(key: string, time: number, session: string): HeadSighting | undefined {
    return later(super.ownLive(key, time, session), this.#base.ownLive(key, time, session));
  }

  override size(key: string, time: number): number | undefined {
    return this.#base.size(key, time) ?? super.size(key, time);
  }
}

/** Options of `replayForked`. */
export interface ForkReplayOptions extends InputLimit {
  readonly policy: CachePolicy;
  readonly tokenizer?: Tokenizer;
  readonly sidechainIndex?: SidechainIndex;
  /**
   * The head evidence `spawned` was replayed with, holding its sightings (the run's, in a projects
   * folder). Without it, `spawned` is replayed again on fresh evidence so both sides rest on the same.
   */
  readonly heads?: HeadEvidence;
  /** The tree's transcripts as `spawned` was replayed from them (read again from its files when absent). */
  readonly transcripts?: readonly ClaudeCodeTranscript[];
}

/** A tree as spawned and as forked, replayed on the same evidence, and how many children were forked. */
export interface ForkReplay {
  readonly spawned: SessionTreeAnalysis;
  readonly forked: SessionTreeAnalysis;
  /** Children rebuilt as forks (a child that started before its parent's first logged request stays spawned). */
  readonly children: number;
  /** The forked children's files. */
  readonly forkedFiles: ReadonlySet<string>;
}

/**
 * Replays a Claude Code tree again with each subagent forked from its parent at the point it
 * started. `spawned` is the tree as analysed (its requests' segments give each child's head size).
 * Null for a tree that is not Claude Code, has no subagent, or none that could be forked.
 */
export async function replayForked(spawned: SessionTreeAnalysis, options: ForkReplayOptions): Promise<ForkReplay | null> {
  const root = spawned.sessions[0];
  if (root === undefined || root.format !== 'claude-code' || spawned.sessions.length < 2) return null;
  const limit = inputLimit(options);
  const transcripts = options.transcripts ?? (await readTree(root.file, true, limit, options.sidechainIndex ?? new SidechainIndex(limit)));
  const replayOptions = { policy: options.policy, ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}) };
  let base = spawned;
  let heads = options.heads;
  if (heads === undefined) {
    heads = new HeadEvidence();
    base = replayStates(await treeStates(transcripts, limit), { ...replayOptions, heads });
  }
  const [main, ...children] = transcripts;
  if (main === undefined || children.length === 0) return null;
  const rootState = await sessionState(main, {}, limit);
  const parentCalls = collectApiCalls(main);
  const bySession = new Map(base.sessions.map((session) => [session.id, session]));
  const forkedFiles = new Set<string>();
  const states: SessionState[] = [rootState];
  for (const child of children) {
    const spawnedState = await sessionState(child, {}, limit);
    const first = collectApiCalls(child).reduce<ClaudeCodeApiCall | undefined>((earliest, call) => (earliest === undefined || call.sentAt < earliest.sentAt ? call : earliest), undefined);
    const parent = first === undefined ? undefined : parentRequestBefore(parentCalls, first.sentAt);
    const head = bySession.get(spawnedState.id)?.requests[0]?.segments?.at(0);
    // A subagent written inside the session's file (Claude Code 1.0) stays spawned: the what-if names children by file.
    const inFile = path.resolve(child.file) === path.resolve(main.file);
    if (inFile || parent === undefined || parent.usage === undefined || head === undefined || head.kind !== 'system') {
      states.push(spawnedState);
      continue;
    }
    const context = parent.usage.uncached + parent.usage.cacheRead + parent.usage.cacheWrite;
    forkedFiles.add(child.file);
    // Forked, the child sends the parent's head (same version and agent: the same head unit), keeps
    // its own id, and its requests continue the parent's: the sizes the parent's usage showed carry over.
    const given = { id: spawnedState.id, agent: rootState.agent, version: rootState.version, forkedFrom: 0 };
    states.push(await sessionState(forkedTranscript(child, main, parent.input, parent.model, context - head.tokens), given, limit));
  }
  if (forkedFiles.size === 0) return null;
  const forked = replayStates(states, { ...replayOptions, heads: new EvidenceOverlay(heads) });
  return { spawned: base, forked, children: forkedFiles.size, forkedFiles };
}
