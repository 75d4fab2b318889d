import { BoundedMemo } from './bounded-memo.js';
import { detached } from './detached-string.js';
import { PrefixExtents } from './prefix-extents.js';
import { decodeRequestText } from './request-text.js';
import type { Segment } from './segment.js';
import { firstTokenAnchor, lastTokenAnchor } from './token-anchors.js';
import { getTokenizer, type Tokenizer } from './tokenizer.js';
import { commonChars } from './common-chars.js';
import { countPair } from './tokenize-pair.js';

/**
 * What kvprefix remembers of one segment's text, keyed by its hash: its token count and the token
 * counts on either side of its first and last anchors. With these, the segment's middle never has to
 * be tokenized again, whatever it is joined to.
 */
interface SegmentProfile {
  readonly tokens: number;
  /** First anchor (char offset), or -1 when the text has none. */
  readonly head: number;
  /** count(text[0, head)). */
  readonly headTokens: number;
  /** Last anchor (≥ head), or -1. */
  readonly tail: number;
  /** count(text[tail, end)). */
  readonly tailTokens: number;
}

/**
 * Where a running count stands after some segments: `committed` tokens cover the text up to an
 * anchor; `window` is the text after that anchor, not yet closed by one. The count of everything so
 * far is exactly `committed + count(window)`.
 */
export interface PrefixCountState {
  readonly committed: number;
  readonly window: string;
  /**
   * count(window) when known without tokenizing, otherwise null. A run of segments without anchors
   * grows one window; counting it after every segment would tokenize the run once per segment
   * (quadratic: 2,000 such parts took 6 s), so it is counted once, when a count is asked for.
   */
  readonly windowTokens: number | null;
}

const EMPTY_STATE: PrefixCountState = { committed: 0, window: '', windowTokens: 0 };

/**
 * Exact token counts of request prefixes, memoised by segment hash and by prefix hash.
 *
 * The count of a prefix equals tokenizing its concatenated text in one go (BPE merges across joins
 * are handled by re-tokenizing only the few characters between the last anchor of one segment and
 * the first anchor of the next). A segment seen once is never tokenized whole again, and the state
 * after a prefix seen once is looked up by its chained hash, so a warm comparison costs O(segments).
 */
export class PrefixTokenCounter {
  readonly tokenizer: Tokenizer;
  readonly #profiles: BoundedMemo<bigint, SegmentProfile>;
  readonly #states: BoundedMemo<bigint, PrefixCountState>;
  /** count(window) of states whose window was counted on demand, by the prefix hash of the state. */
  readonly #windowCounts: BoundedMemo<bigint, number>;
  readonly #extents: PrefixExtents;

  /**
   * @param tokenizer default o200k_base.
   * @param options.memoLimit how many segment profiles and how many prefix states to remember (each;
   *   default 100,000): a long-lived host compares requests for hours, and an evicted entry is only
   *   recomputed, never wrong.
   */
  constructor(tokenizer: Tokenizer = getTokenizer(), options: { readonly memoLimit?: number } = {}) {
    this.tokenizer = tokenizer;
    const limit = options.memoLimit ?? 100_000;
    this.#profiles = new BoundedMemo(limit);
    this.#states = new BoundedMemo(limit);
    this.#windowCounts = new BoundedMemo(limit);
    this.#extents = new PrefixExtents(limit);
  }

  /** Forgets every memoised count (the next comparison tokenizes afresh). */
  clear(): void {
    this.#profiles.clear();
    this.#states.clear();
    this.#windowCounts.clear();
    this.#extents.clear();
  }

  /** Total bytes of `segments[0, length)`, memoised by prefix hash like the counts. */
  byteLength(segments: readonly Segment[], length: number = segments.length): number {
    return this.#extents.bytes(segments, length);
  }

  /** `splitsUtf8Sequence(segments, length)`, memoised by prefix hash like the counts. */
  splitsSequence(segments: readonly Segment[], length: number = segments.length): boolean {
    return this.#extents.splitsSequence(segments, length);
  }

  /** Number of distinct segments tokenized so far (for memory accounting and tests). */
  get profiledSegments(): number {
    return this.#profiles.size;
  }

  /** Token count of the segment's text on its own. */
  segmentTokens(segment: Segment): number {
    return this.#profile(segment).tokens;
  }

  /** Exact token count of text that starts at an anchor (or at the start of the request). */
  countText(text: string): number {
    return text === '' ? 0 : this.tokenizer.count(text);
  }

  /**
   * Profiles two segments together, the two sides' texts at the segment where two requests part:
   * they usually hold the same long text up to the difference, which is then split and merged once
   * for both (see `countPair`). Returns where the two texts' pre-tokens stop being the same (char
   * offset in both) and the tokens before that, or null when either segment was already profiled
   * (nothing is tokenized then).
   */
  profilePair(a: Segment, b: Segment): { readonly end: number; readonly tokens: number } | null {
    if (a.hash === b.hash || this.#profiles.get(a.hash) || this.#profiles.get(b.hash)) return null;
    const pair = countPair(this.tokenizer, a.text, b.text, commonChars(a.text, b.text));
    this.#profiles.set(a.hash, this.#profileOf(a.text, pair.a));
    this.#profiles.set(b.hash, this.#profileOf(b.text, pair.b));
    return { end: pair.commonEnd, tokens: pair.commonTokens };
  }

  #profile(segment: Segment): SegmentProfile {
    let profile = this.#profiles.get(segment.hash);
    if (profile) return profile;
    profile = this.#profileOf(segment.text, this.countText(segment.text));
    this.#profiles.set(segment.hash, profile);
    return profile;
  }

  /** The profile of `text`, whose token count is `tokens`. */
  #profileOf(text: string, tokens: number): SegmentProfile {
    const head = firstTokenAnchor(text);
    if (head < 0) return { tokens, head: -1, headTokens: tokens, tail: -1, tailTokens: tokens };
    const tail = lastTokenAnchor(text, text.length - 1, head);
    // Either side of an anchor is tokens minus the other (the count splits exactly there): tokenize
    // the shorter side. A text whose only anchors sit near its start would otherwise be tokenized twice.
    const headTokens = head <= text.length - head ? this.countText(text.slice(0, head)) : tokens - this.countText(text.slice(head));
    const tailTokens = text.length - tail <= tail ? this.countText(text.slice(tail)) : tokens - this.countText(text.slice(0, tail));
    return { tokens, head, headTokens, tail, tailTokens };
  }

  /** The running state after appending `segment` to `state`. */
  advance(state: PrefixCountState, segment: Segment): PrefixCountState {
    const profile = this.#profile(segment);
    const text = segment.text;
    if (profile.head < 0) {
      // No anchor: the window grows (a rope, not a copy) and is counted when someone asks.
      return { committed: state.committed, window: state.window + text, windowTokens: state.window === '' ? profile.tokens : null };
    }
    const headTokens = state.window === '' ? profile.headTokens : this.countText(state.window + text.slice(0, profile.head));
    const middleTokens = profile.tokens - profile.headTokens - profile.tailTokens;
    return { committed: state.committed + headTokens + middleTokens, window: detached(text.slice(profile.tail)), windowTokens: profile.tailTokens };
  }

  /**
   * The state after `segments[0, length)`, memoised by the last segment's `prefixHash` (which
   * identifies the whole prefix and its route). Each segment's text is taken on its own: for a
   * request that splits a UTF-8 sequence across byte segments (`splitsUtf8Sequence`), count with
   * `prefixTokens`, which decodes such a request whole.
   */
  stateAfter(segments: readonly Segment[], length: number = segments.length): PrefixCountState {
    if (length === 0) return EMPTY_STATE;
    // Find the longest already-known prefix, then advance from there.
    let known = length;
    let state: PrefixCountState | undefined;
    while (known > 0) {
      state = this.#states.get(segments[known - 1]!.prefixHash);
      if (state) break;
      known--;
    }
    state ??= EMPTY_STATE;
    for (let index = known; index < length; index++) {
      const segment = segments[index]!;
      state = this.advance(state, segment);
      this.#states.set(segment.prefixHash, state);
    }
    return state;
  }

  /**
   * Exact token count of the text the bytes of `segments[0, length)` decode to. A request that splits
   * a UTF-8 sequence across segments built from bytes is decoded and counted whole (not memoised).
   */
  prefixTokens(segments: readonly Segment[], length: number = segments.length): number {
    if (this.#extents.splitsSequence(segments, length)) return this.countText(decodeRequestText(segments, length));
    const state = this.stateAfter(segments, length);
    return state.committed + this.#windowTokens(state, segments, length);
  }

  /** count(state.window) of the state after `segments[0, length)`, tokenized at most once per prefix. */
  #windowTokens(state: PrefixCountState, segments: readonly Segment[], length: number): number {
    if (state.windowTokens !== null) return state.windowTokens;
    const key = segments[length - 1]!.prefixHash;
    let count = this.#windowCounts.get(key);
    if (count === undefined) {
      count = this.countText(state.window);
      this.#windowCounts.set(key, count);
    }
    return count;
  }

  /**
   * Count of `segments[0, index)` followed by `segment.text[0, anchor)`, where `anchor` is a token
   * anchor of the segment's text (or 0). Tokenizes only the shorter side of the anchor.
   */
  tokensThroughAnchor(segments: readonly Segment[], index: number, anchor: number): { committed: number } {
    const state = this.stateAfter(segments, index);
    const segment = segments[index]!;
    if (anchor <= 0) return { committed: state.committed + (index === 0 ? 0 : this.#windowTokens(state, segments, index)) };
    const profile = this.#profile(segment);
    const text = segment.text;
    if (profile.head < 0 || anchor < profile.head) {
      return { committed: state.committed + this.countText(state.window + text.slice(0, anchor)) };
    }
    const headTokens = state.window === '' ? profile.headTokens : this.countText(state.window + text.slice(0, profile.head));
    // count(text[head, anchor)) = count(text[head, end)) − count(text[anchor, end)), both anchors.
    const fromHead = profile.tokens - profile.headTokens;
    const between = anchor - profile.head <= text.length - anchor ? this.countText(text.slice(profile.head, anchor)) : fromHead - this.countText(text.slice(anchor));
    return { committed: state.committed + headTokens + between };
  }
}
