import { comparePrefix, type PrefixComparison, type PrefixRequest, type PrefixTokenCounter } from '../../prefix/index.js';
import { entryBreakpoints, matchEarlier, type Seen } from '../bodies/wire-sequence.js';
import type { CacheMatch } from '../policies/cache-policy.js';
import type { RouteHistory, RouteMemory } from './route-memory.js';

/**
 * Up to this many earlier requests on a route, each is compared with the new request directly; past
 * it, the longest-prefix index finds the few worth counting. A host's route usually holds one entry
 * per conversation running on it (the memory keeps only a conversation's newest turn), and one
 * comparison of a request that extends its previous turn costs a walk of their segment hashes, less
 * than the index's walk of its tree; the index pays off only over many entries.
 */
const DIRECT_ENTRIES = 8;

/** The cache matches of a request against its route's earlier requests, and the one it shares the most tokens with. */
export interface RouteMatch {
  readonly matches: CacheMatch[];
  readonly best: { readonly entry: Seen; readonly comparison: PrefixComparison } | undefined;
}

/**
 * What `matchEarlier` gives for the route's kept requests (the watch counts every entry: a request
 * is always timed), found by comparing the request with each entry when there are few. Every entry
 * is a match with the tokens `comparePrefix` shares, and the best is the one sharing the most, the
 * latest on ties: the index's own definition of its answer.
 */
export function matchRoute(memory: RouteMemory, history: RouteHistory, request: PrefixRequest, nowSeconds: number, counter: PrefixTokenCounter): RouteMatch {
  if (history.seen.length > DIRECT_ENTRIES) return matchEarlier(memory.earlier(history), request, nowSeconds);
  let best: RouteMatch['best'];
  const matches = history.seen.map((entry): CacheMatch => {
    const comparison = comparePrefix(entry.request, request, { counter });
    const tokens = comparison.commonPrefix.tokens;
    if (!best || tokens >= best.comparison.commonPrefix.tokens) best = { entry, comparison };
    const ageSeconds = entry.time !== null ? Math.max(0, nowSeconds - entry.time) : 0;
    return { sharedTokens: tokens, entryTokens: entry.tokens, ageSeconds, source: 'input', ...entryBreakpoints(entry) };
  });
  return { matches, best };
}
