import { PrefixTokenCounter, type PrefixRequest } from '../../prefix/index.js';
import { costOf, type CacheMatch, type CachePolicy, type CachePrediction } from '../policies/cache-policy.js';
import type { FanOut } from './fan-out-requests.js';
import { SharedTokensMemo } from './shared-tokens-memo.js';

/** Options of `accountFanOut`. */
export interface FanOutAccountOptions {
  readonly policy: CachePolicy;
  /** The model whose prices apply (default: the parent's route model). */
  readonly model?: string;
  /** A counter shared across calls, so segments counted once stay memoised (default: a new one per call). Ignored when `memo` is given. */
  readonly counter?: PrefixTokenCounter;
  /** Shared tokens of request pairs, kept across calls (a host re-analysing a growing fan-out); it brings its own counter. */
  readonly memo?: SharedTokensMemo;
  /**
   * Whether a child can reuse what an earlier sibling's request stored (default true: children that
   * start one after another do). False models children started at the same moment, each seeing only the parent's entry.
   */
  readonly siblingsShare?: boolean;
}

/** One child's first request in a fan-out. */
export interface ChildAccount {
  /** Input tokens of the request. */
  readonly tokens: number;
  /** Tokens of history the child carries from its parent: its messages before its task (0 for a spawn child). */
  readonly inheritedTokens: number;
  /** The longest token prefix it shares with an earlier request, and which one (`parent`, or the index of an earlier child). */
  readonly sharedTokens: number;
  readonly against: 'parent' | number | null;
  readonly prediction: CachePrediction;
  readonly cost: number;
  readonly costWithoutReuse: number;
}

/** A fan-out's first child requests, summed: what they send, what the policy reuses, and what that costs. */
export interface FanOutAccount {
  readonly children: number;
  readonly parentTokens: number;
  /** Inherited-history tokens summed over children: what the fan-out duplicates (inherited tokens × children when all inherit the same seed). */
  readonly inheritedTokens: number;
  readonly tokensSent: number;
  /** Tokens the policy predicts are read from the cache. */
  readonly tokensReused: number;
  readonly cacheWrite: number;
  readonly uncached: number;
  readonly cost: number;
  /** The same requests billed as if nothing were reused. */
  readonly costWithoutReuse: number;
  readonly currency: string;
  readonly perChild: readonly ChildAccount[];
}

/** Tokens of the messages before the first task segment (or before the last message, when none is marked a task). */
function inheritedTokens(request: PrefixRequest, counter: PrefixTokenCounter): number {
  const segments = request.segments;
  const firstMessage = segments.findIndex((segment) => segment.kind === 'message' || segment.kind === 'task');
  if (firstMessage < 0) return 0;
  const task = segments.findIndex((segment) => segment.kind === 'task');
  const end = task >= 0 ? task : segments.length - 1;
  return end <= firstMessage ? 0 : counter.prefixTokens(segments, end) - counter.prefixTokens(segments, firstMessage);
}

/**
 * Accounts for a fan-out's first child requests under a cache policy. The parent's request is
 * stored first; each child then reads what the policy allows from the longest prefix it shares with
 * the parent's request (or, with `siblingsShare`, an earlier sibling's), and is stored in turn.
 */
export function accountFanOut(fanOut: FanOut, options: FanOutAccountOptions): FanOutAccount {
  const memo = options.memo ?? new SharedTokensMemo(options.counter ?? new PrefixTokenCounter());
  const counter = memo.counter;
  const model = options.model ?? fanOut.parent.route.model;
  const prices = options.policy.pricesFor(model);
  const stored: { request: PrefixRequest; tokens: number; label: 'parent' | number }[] = [
    { request: fanOut.parent, tokens: counter.prefixTokens(fanOut.parent.segments), label: 'parent' },
  ];
  const perChild: ChildAccount[] = [];
  fanOut.children.forEach((child, index) => {
    const tokens = counter.prefixTokens(child.segments);
    const matches: CacheMatch[] = [];
    let best: { shared: number; label: 'parent' | number } | null = null;
    for (const entry of stored) {
      const shared = memo.sharedTokens(entry.request, child);
      if (shared === 0) continue;
      matches.push({ sharedTokens: shared, entryTokens: entry.tokens, ageSeconds: 0, source: 'input' });
      if (best === null || shared > best.shared) best = { shared, label: entry.label };
    }
    const prediction = options.policy.predict({ tokens, matches, model });
    perChild.push({
      tokens,
      inheritedTokens: inheritedTokens(child, counter),
      sharedTokens: best?.shared ?? 0,
      against: best?.label ?? null,
      prediction,
      cost: costOf(prediction, prices),
      costWithoutReuse: costOf({ uncached: tokens, cacheRead: 0, cacheWrite: 0 }, prices),
    });
    if (options.siblingsShare !== false) stored.push({ request: child, tokens, label: index });
  });
  const sum = (pick: (child: ChildAccount) => number) => perChild.reduce((total, child) => total + pick(child), 0);
  return {
    children: perChild.length,
    parentTokens: stored[0]!.tokens,
    inheritedTokens: sum((child) => child.inheritedTokens),
    tokensSent: sum((child) => child.tokens),
    tokensReused: sum((child) => child.prediction.cacheRead),
    cacheWrite: sum((child) => child.prediction.cacheWrite),
    uncached: sum((child) => child.prediction.uncached),
    cost: sum((child) => child.cost),
    costWithoutReuse: sum((child) => child.costWithoutReuse),
    currency: prices.currency,
    perChild,
  };
}
