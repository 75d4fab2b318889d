import { mostSharedAtDifference } from './compare-prefix.js';
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

/** A bound on the tokens a branch of earlier requests can share, and where they all leave the request. */
export interface BranchBound {
  readonly bound: number;
  /**
   * Where every request of the branch differs from the request (segment and char), when that is
   * inside both sides' text of that segment: then counting the shared tokens reads only there.
   */
  readonly branchesAt: { readonly segment: number; readonly offset: number } | null;
}

/**
 * At most how many tokens `request` shares with earlier requests that hold its first `at` segments
 * and then a segment with text `theirs` (`splits`: one of them splits a UTF-8 sequence). Siblings
 * that branch at the same character share a bound: `bounds` keeps each one counted.
 */
export function branchBound(request: PrefixRequest, at: number, theirs: string, splits: boolean, bounds: Map<string, number>, counter: PrefixTokenCounter): BranchBound {
  const text = request.segments[at]!.text;
  const limit = Math.min(text.length, theirs.length);
  let offset = 0;
  while (offset < limit && text.charCodeAt(offset) === theirs.charCodeAt(offset)) offset++;
  // One text ends where the other goes on (or they differ only in bytes the texts do not show):
  // the comparison reads on into later segments, which this bound does not see.
  if (offset === limit || splits) return { bound: Number.POSITIVE_INFINITY, branchesAt: null };
  const key = `${at}:${offset}`;
  let bound = bounds.get(key);
  if (bound === undefined) bounds.set(key, (bound = Math.min(tokensBeforeDifference(request, at, offset, counter), mostSharedAtDifference(request, at, offset, counter))));
  return { bound, branchesAt: { segment: at, offset } };
}
