import type { PrefixTokenCounter } from './prefix-token-counter.js';
import type { PrefixRequest } from './request.js';
import { firstTokenAnchor } from './token-anchors.js';

/*
 * Upper bounds on what `comparePrefix(earlier, request).commonPrefix.tokens` can be, computed from
 * `request` alone, so that an index of earlier requests can skip the ones that cannot share more
 * than the best found so far. Tokens both sides share are leading tokens of `request`'s own
 * tokenization whose bytes both sides hold, so they end before the first differing character; at a
 * token anchor the count splits exactly (token-anchors.ts), and every token after the last anchor is
 * at least one byte. Valid for requests that split no UTF-8 sequence across segments (those are
 * counted by decoding them whole; the index compares them one by one).
 */

/** At most how many of `request`'s tokens lie wholly in its first `length` segments. */
export function tokensWithinSegments(request: PrefixRequest, length: number, counter: PrefixTokenCounter): number {
  if (length === 0) return 0;
  const state = counter.stateAfter(request.segments, length);
  return state.committed + Buffer.byteLength(state.window, 'utf8');
}

/**
 * At most how many tokens `request` shares with an earlier request that holds its first `segment`
 * segments and then differs at character `offset` of segment `segment`, inside both sides' text of
 * that segment. `comparePrefix` counts the shared tokens up to `request`'s next anchor past the
 * differing character; when that anchor is in the same segment, the count through it bounds them.
 */
export function tokensBeforeDifference(request: PrefixRequest, segment: number, offset: number, counter: PrefixTokenCounter): number {
  const anchor = firstTokenAnchor(request.segments[segment]!.text, offset + 1);
  if (anchor < 0) return tokensWithinSegments(request, segment + 1, counter);
  return counter.tokensThroughAnchor(request.segments, segment, anchor).committed;
}
