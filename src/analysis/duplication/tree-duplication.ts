import { costOf, type CachePolicy } from '../policies/cache-policy.js';
import type { RequestAnalysis, SessionAnalysis, SessionTreeAnalysis } from '../result/session-analysis.js';
import { assumedBreakpoints, inheritedTokensOf, segmentMatches, withoutInherited, type SegmentedRequest } from './spawn-counterfactual.js';

/** One child's first request: what it sends, what the policy reuses, and what that costs (input only). */
export interface ChildRequestAccount {
  readonly tokensSent: number;
  readonly tokensReused: number;
  readonly cost: number;
  readonly costWithoutReuse: number;
}

/** One child of a session tree: its first request as recorded, and as it would be spawned. */
export interface ChildDuplication {
  readonly session: string;
  readonly file: string;
  readonly parentSession: string;
  /** `fork` when its first request carries inherited history (or its log has a seed), else `spawn`. */
  readonly started: 'fork' | 'spawn';
  /** Tokens of its first request's inherited segments. */
  readonly inheritedTokens: number;
  readonly recorded: ChildRequestAccount;
  /** The same child spawned: its head and own messages only (null when the request has no segments to take the history out of). */
  readonly spawned: ChildRequestAccount | null;
}

/** Children's first requests summed. */
export interface DuplicationTotals extends ChildRequestAccount {
  readonly inheritedTokens: number;
}

/** The duplication account of a session tree with children: its children as recorded, and spawned instead. */
export interface TreeDuplication {
  readonly policy: string;
  readonly currency: string;
  readonly children: number;
  readonly perChild: readonly ChildDuplication[];
  readonly recorded: DuplicationTotals;
  /** Null when some child's first request has no segments. */
  readonly spawned: DuplicationTotals | null;
  /** Recorded less spawned (null with `spawned`): what the inherited history adds to sending, reuse and cost. */
  readonly recordedOverSpawned: ChildRequestAccount | null;
  /** What the counterfactual assumes. */
  readonly notes: readonly string[];
}

const NOTES = [
  'spawned instead: each child\'s first request without its inherited segments (head and own messages, each segment keeping its recorded token count), read from the root session\'s requests sent before it and from earlier siblings spawned the same way',
  'spawned reuse is counted whole segments at a time (a segment whose bytes differ counts as not shared), with the calibration offset counted as head; costs are input only',
  'a child that inherited nothing is its own spawned counterfactual; where the policy reads only at explicit breakpoints, a spawned request and the requests before it are taken to place them at the end of the head and at their end',
];

function segmented(request: RequestAnalysis): SegmentedRequest | null {
  return request.segments === undefined ? null : { route: request.route, time: request.time, tokens: request.tokens, segments: request.segments };
}

function sum(accounts: readonly ChildRequestAccount[], inherited: number): DuplicationTotals {
  const total = (pick: (account: ChildRequestAccount) => number) => accounts.reduce((value, account) => value + pick(account), 0);
  return { inheritedTokens: inherited, tokensSent: total((a) => a.tokensSent), tokensReused: total((a) => a.tokensReused), cost: total((a) => a.cost), costWithoutReuse: total((a) => a.costWithoutReuse) };
}

/**
 * The duplication account of a session tree: for every child session (any session with a parent),
 * its first request as the analysis replayed it — inherited-history tokens, tokens sent, the
 * policy's predicted read, input cost with that reuse and with none — and the counterfactual of
 * spawning the same child: the same request without its inherited segments, predicted by the same
 * policy against the root's earlier requests and the earlier children spawned. Null for a tree
 * without children. Pure: reads only the analysis and the policy (its rule and prices).
 */
export function treeDuplication(tree: SessionTreeAnalysis, policy: CachePolicy): TreeDuplication | null {
  const children = tree.sessions.filter((session): session is SessionAnalysis & { parentSession: string } => session.parentSession !== null && session.requests.length > 0);
  if (children.length === 0) return null;
  const rootRequests = tree.sessions.filter((session) => session.parentSession === null).flatMap((session) => session.requests.map(segmented)).filter((request) => request !== null);
  const spawnedEarlier: SegmentedRequest[] = [];
  const perChild = children.map((session): ChildDuplication => {
    const first = session.requests[0]!;
    const prices = policy.pricesFor(first.route.model);
    const account = (tokens: number, reused: { uncached: number; cacheRead: number; cacheWrite: number }): ChildRequestAccount => ({
      tokensSent: tokens,
      tokensReused: reused.cacheRead,
      cost: costOf(reused, prices),
      costWithoutReuse: costOf({ uncached: tokens, cacheRead: 0, cacheWrite: 0 }, prices),
    });
    const request = segmented(first);
    const inheritedTokens = request ? inheritedTokensOf(request.segments) : 0;
    const recorded = account(first.tokens, first.predicted);
    let spawned: ChildRequestAccount | null = null;
    if (request) {
      const spawn = withoutInherited(request);
      const predict = () => policy.predict({ tokens: spawn.tokens, matches: segmentMatches(spawn, [...rootRequests, ...spawnedEarlier]), breakpoints: assumedBreakpoints(spawn), model: first.route.model });
      spawned = inheritedTokens === 0 ? recorded : account(spawn.tokens, predict());
      spawnedEarlier.push(spawn);
    }
    return {
      session: session.id,
      file: session.file,
      parentSession: session.parentSession,
      started: inheritedTokens > 0 || session.seedLength !== null ? 'fork' : 'spawn',
      inheritedTokens,
      recorded,
      spawned,
    };
  });
  const recorded = sum(perChild.map((child) => child.recorded), perChild.reduce((total, child) => total + child.inheritedTokens, 0));
  const spawnedAll = perChild.every((child) => child.spawned !== null) ? perChild.map((child) => child.spawned!) : null;
  const spawned = spawnedAll ? sum(spawnedAll, 0) : null;
  return {
    policy: policy.name,
    currency: policy.pricesFor(children[0]!.requests[0]!.route.model).currency,
    children: perChild.length,
    perChild,
    recorded,
    spawned,
    recordedOverSpawned: spawned
      ? { tokensSent: recorded.tokensSent - spawned.tokensSent, tokensReused: recorded.tokensReused - spawned.tokensReused, cost: recorded.cost - spawned.cost, costWithoutReuse: recorded.costWithoutReuse - spawned.costWithoutReuse }
      : null,
    notes: spawned ? NOTES : [...NOTES, 'a child\'s first request has no segments: the spawned side is not computed'],
  };
}
