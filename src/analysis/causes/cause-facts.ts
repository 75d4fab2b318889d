import type { CacheClass } from './cache-class.js';

/**
 * What a cause means for the cache, declared with the cause (its rule, `REPLAY_CAUSES`,
 * `LOG_CAUSES`): every list of causes a report, a verdict or an explanation needs is derived from
 * these facts (`cause-catalog.ts`), never written again by hand.
 */
export interface CauseFacts {
  /**
   * False when the cause loses nothing that was reusable: the same request again, one that only
   * appends to the earlier one, a sibling's own task after the prefix they share.
   */
  readonly breaks: boolean;
  /**
   * What the cause's sentence says the two requests share: all of the earlier request, or everything
   * before the change; null when it claims no shared prefix (a head or route change, an expired entry).
   */
  readonly claimsShared: 'all' | 'before-change' | null;
}

/** The facts of a byte rule's cause: its facts, where the rule looks, and the part a provider's diagnosis names. */
export interface RuleFacts extends CauseFacts {
  readonly where: 'route' | 'head' | 'messages';
  readonly cacheClass: CacheClass;
}
