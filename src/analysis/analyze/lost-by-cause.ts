import type { CachePolicy } from '../policies/cache-policy.js';
import { partCost } from '../claude-code/part-cost.js';
import type { RequestAnalysis, SessionAnalysis, SessionTreeAnalysis } from '../result/session-analysis.js';
import { LOSS_CAUSES, lossCauseOf, type LossCause } from '../causes/loss-cause.js';

/** What each cause is, and the one thing that would avoid it. */
export const LOSS_CAUSE_WORDING: Readonly<Record<LossCause, { readonly title: string; readonly advice: string }>> = {
  'idle-gap': {
    title: 'idle gap past the TTL',
    advice: 'the entry expired while the session sat idle: resume within the TTL, or weigh the 1-hour TTL (--ttl 1h shows what it saves against its dearer writes)',
  },
  'head-change': {
    title: 'head change',
    advice: 'the system prompt or tools changed mid-session: change them between sessions, not during one (keep per-request text such as dates and tool lists built on the fly after the last cached block)',
  },
  'cold-first': {
    title: 'cold first request',
    advice: "a session's first request writes what it sends: unavoidable, unless another session on the same head wrote it within the TTL",
  },
  'cold-subagent': {
    title: 'cold subagent or sibling',
    advice: 'a subagent starts on its own head and writes it: start siblings of one type together so the first writes and the rest read, or fork to reuse the parent\'s prefix',
  },
  'compaction-rewind': {
    title: 'compaction or rewind',
    advice: 'compaction, a rewind or an edited message rewrites the history after it: compact at natural breaks, not in the middle of a task',
  },
  'route-change': {
    title: 'route change',
    advice: 'the cache is kept per model: switch models between sessions, or expect to pay for the whole prompt again',
  },
  'new-content': {
    title: 'new content',
    advice: 'what the conversation added since the request before: written once and read afterwards; nothing to avoid',
  },
};

/** The costliest request of a cause. */
export interface LossExample {
  readonly session: string;
  readonly file: string;
  readonly index: number;
  readonly time: string | null;
  readonly tokens: number;
  /** What the replay said about that request (the gap's length, what changed). */
  readonly detail: string;
}

/** One row of "where the cache went". */
export interface CauseRow {
  readonly cause: LossCause;
  readonly title: string;
  readonly requests: number;
  /** Tokens prefilled again or written again (predicted uncached + predicted written). */
  readonly tokens: number;
  readonly uncached: number;
  readonly written: number;
  /** What those tokens cost at the policy's prices (input and write prices). */
  readonly cost: number;
  readonly worst: LossExample | null;
  readonly advice: string;
}

/**
 * What a request's lost tokens (predicted uncached and written) cost: at the rates in force when it
 * was sent and of the whole request (its long-context tier), 1-hour writes at theirs.
 */
export function lostCostOf(request: RequestAnalysis, policy: CachePolicy): number {
  const hour = request.predicted.cacheWrite1h;
  const prices = policy.pricesFor(request.route.model, request.time === null ? undefined : new Date(request.time));
  const lost = { uncached: request.predicted.uncached, cacheRead: 0, cacheWrite: request.predicted.cacheWrite, ...(hour === undefined ? {} : { cacheWrite1h: hour }) };
  return partCost(lost, request.predicted, prices);
}


/** "idle 12m03s" from an ISO time and the time of the request it was set against. */
function gapText(request: RequestAnalysis, tree: SessionTreeAnalysis): string | null {
  const against = request.divergence?.against;
  if (!against || request.time === null) return null;
  const session = tree.sessions.find((candidate) => candidate.id === against.session || candidate.file === against.session);
  const atIndex = session?.requests[against.index];
  const earlier = atIndex?.index === against.index ? atIndex : session?.requests.find((candidate) => candidate.index === against.index);
  if (!earlier?.time) return null;
  const seconds = Math.max(0, Math.round((Date.parse(request.time) - Date.parse(earlier.time)) / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `idle ${hours > 0 ? `${hours}h${String(minutes).padStart(2, '0')}m` : `${minutes}m${String(seconds % 60).padStart(2, '0')}s`}`;
}

/** A cause row being summed. */
interface Accumulator {
  requests: number;
  uncached: number;
  written: number;
  cost: number;
  worst: LossExample | null;
}

/** Advice written for one host, where what to change has a name there (Claude Code's CLAUDE.md and MCP servers). */
const CLAUDE_CODE_ADVICE: Partial<Readonly<Record<LossCause, string>>> = {
  'head-change': 'the system prompt or tools changed mid-session (CLAUDE.md, MCP servers, settings): change them between sessions, not during one',
};

/** The advice of a cause for the trees' host: Claude Code's own words only when every tree is Claude Code's. */
function adviceOf(cause: LossCause, claudeCode: boolean): string {
  return (claudeCode ? CLAUDE_CODE_ADVICE[cause] : undefined) ?? LOSS_CAUSE_WORDING[cause].advice;
}

function rowsOf(accumulators: ReadonlyMap<LossCause, Accumulator>, claudeCode: boolean): CauseRow[] {
  return [...accumulators]
    .map(([cause, sum]) => ({ cause, title: LOSS_CAUSE_WORDING[cause].title, requests: sum.requests, tokens: sum.uncached + sum.written, uncached: sum.uncached, written: sum.written, cost: sum.cost, worst: sum.worst, advice: adviceOf(cause, claudeCode) }))
    .sort((a, b) => Number(a.cause === 'new-content') - Number(b.cause === 'new-content') || b.cost - a.cost || LOSS_CAUSES.indexOf(a.cause) - LOSS_CAUSES.indexOf(b.cause));
}

/**
 * Where one tree's cache went: every request's predicted uncached and written tokens, by cause, with
 * what they cost at the policy's prices and the costliest request of each cause. Requests the policy
 * reads whole count under their cause with zero tokens only if they lost something.
 */
export function treeLossByCause(tree: SessionTreeAnalysis, policy: CachePolicy): CauseRow[] {
  const sums = new Map<LossCause, Accumulator>();
  for (const session of tree.sessions) {
    for (const request of session.requests) {
      const uncached = request.predicted.uncached;
      const written = request.predicted.cacheWrite;
      if (uncached + written === 0) continue;
      const cause = lossCauseOf(request, session);
      const cost = lostCostOf(request, policy);
      const sum = sums.get(cause) ?? { requests: 0, uncached: 0, written: 0, cost: 0, worst: null };
      sum.requests++;
      sum.uncached += uncached;
      sum.written += written;
      sum.cost += cost;
      if (sum.worst === null || uncached + written > sum.worst.tokens) {
        const gap = cause === 'idle-gap' ? gapText(request, tree) : null;
        const detail = request.divergence?.detail ?? (request.index === 0 ? 'first request of the session' : 'no divergence: it repeats the request before');
        sum.worst = { session: session.id, file: session.file, index: request.index, time: request.time, tokens: uncached + written, detail: gap === null || detail.startsWith('idle') ? detail : `${gap}: ${detail}` };
      }
      sums.set(cause, sum);
    }
  }
  return rowsOf(sums, isClaudeCodeTree(tree));
}

/** True when the tree is Claude Code's (its advice may name CLAUDE.md and MCP servers). */
export function isClaudeCodeTree(tree: SessionTreeAnalysis): boolean {
  return tree.sessions.length > 0 && tree.sessions.every((session) => session.format === 'claude-code');
}

/** Rows of several trees merged: sums added, the costliest example kept; Claude Code's advice only when every tree is Claude Code's. */
export function mergeLossRows(perTree: readonly (readonly CauseRow[])[], claudeCode = false): CauseRow[] {
  const sums = new Map<LossCause, Accumulator>();
  for (const rows of perTree) {
    for (const row of rows) {
      const sum = sums.get(row.cause) ?? { requests: 0, uncached: 0, written: 0, cost: 0, worst: null };
      sum.requests += row.requests;
      sum.uncached += row.uncached;
      sum.written += row.written;
      sum.cost += row.cost;
      if (row.worst !== null && (sum.worst === null || row.worst.tokens > sum.worst.tokens)) sum.worst = row.worst;
      sums.set(row.cause, sum);
    }
  }
  return rowsOf(sums, claudeCode);
}
