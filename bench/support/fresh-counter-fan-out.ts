import type { FanOut } from '../../src/analysis/index.js';
import type { CachePolicy } from '../../src/analysis/policies/cache-policy.js';
import { comparePrefix, PrefixTokenCounter } from '../../src/prefix/index.js';

/**
 * The fan-out analysed one child at a time from scratch: a fresh token counter per child (nothing
 * memoised from the parent or the siblings), the child compared with every earlier request, the
 * policy applied to the matches. What a caller pays who analyses each child request on its own as
 * it is sent; the bench fails unless it reads the same tokens as `accountFanOut`.
 */
export function freshCounterFanOut(fanOut: FanOut, policy: CachePolicy): { tokensSent: number; tokensReused: number } {
  const earlier = [fanOut.parent];
  let tokensSent = 0;
  let tokensReused = 0;
  for (const child of fanOut.children) {
    const counter = new PrefixTokenCounter();
    const tokens = counter.prefixTokens(child.segments);
    const matches = earlier.map((request) => ({ sharedTokens: comparePrefix(request, child, { counter }).commonPrefix.tokens, entryTokens: counter.prefixTokens(request.segments), ageSeconds: 0, source: 'input' as const }));
    tokensSent += tokens;
    tokensReused += policy.predict({ tokens, matches: matches.filter((match) => match.sharedTokens > 0), model: child.route.model }).cacheRead;
    earlier.push(child);
  }
  return { tokensSent, tokensReused };
}
