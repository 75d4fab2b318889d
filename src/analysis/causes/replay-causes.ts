import type { CacheClass } from './cache-class.js';
import type { CauseFacts } from './cause-facts.js';

/** A cause a replay names where it sees the pair, outside the byte rules (`CAUSE_RULES`). */
export interface ReplayCause extends CauseFacts {
  readonly cause: string;
  readonly when: string;
  /** The part of the request the provider's own diagnosis names for it (as `CauseRule.cacheClass`). */
  readonly cacheClass: CacheClass;
}

/**
 * The causes made outside the rules: `identical` (`requestDivergence`, a request with the same
 * bytes as the one it is compared with) and `ttl` (the Claude Code replay and the watch: a request
 * that only extends an earlier one whose cache entry expired). Neither changed a byte of the prefix,
 * and the providers' diagnoses compare the requests' structure, not what their caches still hold
 * ("The comparison is about request structure, independent of whether the cache actually hit",
 * https://platform.claude.com/docs/en/build-with-claude/cache-diagnostics), so both are `none`.
 */
export const REPLAY_CAUSES: readonly ReplayCause[] = [
  { cause: 'identical', when: 'the request has the same bytes as the one it is compared with', cacheClass: 'none', breaks: false, claimsShared: 'all' },
  { cause: 'ttl', when: 'the request only extends an earlier one whose cache entry had expired (an idle gap past the TTL)', cacheClass: 'none', breaks: true, claimsShared: null },
];
