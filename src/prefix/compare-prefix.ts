import { PrefixTokenCounter } from './prefix-token-counter.js';
import type { PrefixRequest } from './request.js';
import { decodeRequestText } from './request-text.js';
import { sameRoute } from './route-key.js';
import { sharedSegments } from './shared-segments.js';
import type { Segment, SegmentKind } from './segment.js';
import { firstDifferingByte, type BytePosition } from './first-differing-byte.js';
import { firstDifferingKey } from './first-differing-key.js';
import { firstTokenAnchor, lastTokenAnchor } from './token-anchors.js';
import { getTokenizer, type Tokenizer } from './tokenizer.js';
import { commonTokens as commonTokensOf } from './tokenize-pair.js';
import { commonChars } from './common-chars.js';
import { charOffsetAtByte } from './utf8.js';

/** Size of a request or of a shared prefix. */
export interface PrefixSize {
  readonly segments: number;
  readonly bytes: number;
  readonly tokens: number;
}

/** One side of a divergence: the segment that holds that side's first differing byte. */
export interface DivergenceSide {
  /** Index of the segment in its request. */
  readonly index: number;
  readonly kind: SegmentKind;
  readonly name: string;
  /** Offset of the first differing byte inside this segment. */
  readonly segmentByteOffset: number;
}

/**
 * Where two requests first differ, described on both sides. It says where, never why: what a
 * difference means (a persona, a tool filter, a task) is the analysis layer's business.
 */
export interface Divergence {
  /** Offset of the first differing byte from the start of either request (equals `commonPrefix.bytes`). */
  readonly byteOffset: number;
  /** True when the routes differ: the requests share nothing, whatever their bytes, and both sides sit at segment 0. */
  readonly routeDiffers: boolean;
  /** The parent's segment at the divergence; null when the parent has ended (no byte left there). */
  readonly parent: DivergenceSide | null;
  /** The child's segment at the divergence; null when the child has ended. */
  readonly child: DivergenceSide | null;
  /** A few characters of each side around the first differing byte, `‸` marking it (the routes for a route difference). */
  readonly excerpt: { readonly parent: string; readonly child: string };
}

/** The result of `comparePrefix`. */
export interface PrefixComparison {
  /** What both requests share: whole segments, bytes, and leading tokens identical in both tokenizations. */
  readonly commonPrefix: PrefixSize;
  /** Null only when the requests are identical. */
  readonly divergence: Divergence | null;
  readonly parent: PrefixSize;
  readonly child: PrefixSize;
  /** Tokenizer the token counts are in. */
  readonly tokenizer: string;
}

/** Options of `comparePrefix`. */
export interface ComparePrefixOptions {
  /** Tokenizer for token counts (default o200k_base). Ignored when `counter` is given. */
  readonly tokenizer?: Tokenizer;
  /**
   * A counter you own, reused across comparisons so that segments and prefixes seen once stay
   * memoised (clear or drop it when you are done). Without one, each call counts with a fresh
   * counter that lives only as long as the call: nothing is kept between calls.
   */
  readonly counter?: PrefixTokenCounter;
}

/** A position in a request's text: segment index and char offset inside it. */
interface Cursor {
  segment: number;
  offset: number;
}

const EXCERPT_CHARS = 40;
const EMPTY: PrefixSize = { segments: 0, bytes: 0, tokens: 0 };

function sizeOf(request: PrefixRequest, counter: PrefixTokenCounter): PrefixSize {
  return { segments: request.segments.length, bytes: counter.byteLength(request.segments), tokens: counter.prefixTokens(request.segments) };
}

/** Advances both cursors over identical text until the first differing char or the end of either side. */
function walkToFirstDifference(a: readonly Segment[], b: readonly Segment[], cursorA: Cursor, cursorB: Cursor): void {
  while (cursorA.segment < a.length && cursorB.segment < b.length) {
    const textA = a[cursorA.segment]!.text;
    const textB = b[cursorB.segment]!.text;
    const span = Math.min(textA.length - cursorA.offset, textB.length - cursorB.offset);
    const matched = commonChars(textA, textB, cursorA.offset, cursorB.offset, span);
    cursorA.offset += matched;
    cursorB.offset += matched;
    if (matched < span) return;
    if (cursorA.offset === textA.length) cursorA.segment++, (cursorA.offset = 0);
    if (cursorB.offset === textB.length) cursorB.segment++, (cursorB.offset = 0);
  }
}

/** Text of a side from a cursor up to (but excluding) the first token anchor after it, or to the end. */
function textToNextAnchor(segments: readonly Segment[], cursor: Cursor): string {
  let collected = '';
  for (let index = cursor.segment; index < segments.length; index++) {
    const text = segments[index]!.text;
    const from = index === cursor.segment ? cursor.offset : 0;
    const anchor = firstTokenAnchor(text, from + 1);
    if (anchor >= 0) return collected + text.slice(from, anchor);
    collected += text.slice(from);
  }
  return collected;
}

/** Up to `EXCERPT_CHARS` chars of a side before and after a char position, `‸` between them. */
function excerptAt(segments: readonly Segment[], segment: number, offset: number): string {
  let before = segments[segment]?.text.slice(Math.max(0, offset - EXCERPT_CHARS), offset) ?? '';
  for (let index = segment - 1; index >= 0 && before.length < EXCERPT_CHARS; index--) before = segments[index]!.text.slice(-EXCERPT_CHARS) + before;
  const after = segments[segment]?.text.slice(offset, offset + EXCERPT_CHARS) ?? '';
  return `${before.slice(-EXCERPT_CHARS)}‸${after}`;
}

/** The segment holding a side's differing byte, or null when that side has ended. */
function sideAt(segments: readonly Segment[], position: BytePosition | null): DivergenceSide | null {
  if (!position) return null;
  const segment = segments[position.segment]!;
  return { index: position.segment, kind: segment.kind, name: segment.name, segmentByteOffset: position.offset };
}

function excerptOf(segments: readonly Segment[], position: BytePosition | null): string {
  if (!position) return excerptAt(segments, segments.length, 0);
  const segment = segments[position.segment]!;
  // A keyed segment has no text to show: its name and key stand after the mark.
  if (segment.key !== undefined) return `${excerptAt(segments, position.segment, 0)}[${segment.name}: ${segment.key.slice(0, EXCERPT_CHARS)}]`;
  return excerptAt(segments, position.segment, charOffsetAtByte(segment.text, position.offset));
}

function tokenLcp(a: readonly number[], b: readonly number[]): number {
  const limit = Math.min(a.length, b.length);
  let index = 0;
  while (index < limit && a[index] === b[index]) index++;
  return index;
}

/** The leading side of a divergence: tokens up to the last anchor before it, the text from there to it, and that text on to the next anchor past it. */
interface LeadWindow {
  readonly tokensBefore: number;
  readonly commonTail: string;
  readonly leadText: string;
}

function leadWindow(lead: readonly Segment[], leadCursor: Cursor, counter: PrefixTokenCounter): LeadWindow {
  const leadText = lead[leadCursor.segment]!.text;
  const anchor = lastTokenAnchor(leadText, leadCursor.offset - 1);
  let tokensBefore: number;
  let commonTail: string;
  if (anchor > 0) {
    tokensBefore = counter.tokensThroughAnchor(lead, leadCursor.segment, anchor).committed;
    commonTail = leadText.slice(anchor, leadCursor.offset);
  } else {
    const state = counter.stateAfter(lead, leadCursor.segment);
    tokensBefore = state.committed;
    commonTail = state.window + leadText.slice(0, leadCursor.offset);
  }
  return { tokensBefore, commonTail, leadText: commonTail + textToNextAnchor(lead, leadCursor) };
}

/**
 * Where both sides' texts of the segment at which they part were split alike (`profilePair`): the
 * pre-tokens of the two texts are the same up to char `end`, and hold `tokens` tokens.
 */
interface SharedSplit {
  readonly end: number;
  readonly tokens: number;
}

/** True when a side's text from `cursor` to its next anchor stays inside the cursor's segment (an anchor follows there, or the request ends with it). */
function nextAnchorInSegment(segments: readonly Segment[], cursor: Cursor): boolean {
  return cursor.segment === segments.length - 1 || firstTokenAnchor(segments[cursor.segment]!.text, cursor.offset + 1) >= 0;
}

/**
 * Shared tokens when both sides differ inside the segment where they part (same char offset in both
 * texts) and the counts of the two texts, taken together, already split them in step up to
 * `split.end`. The text from the last anchor before the difference to `split.end` is then known to
 * hold the same tokens on both sides, counted as `split.tokens` minus the tokens before that anchor,
 * and only the text from `split.end` to the next anchor past the difference is encoded on each side:
 * a long run without anchors (CamelCase, digits) is not tokenized again. Both texts' splits are the
 * request's own between those anchors, as long as the stretch ends inside the segment. Null when
 * this does not apply, or would tokenize more than it saves.
 */
function commonTokensAfterSplit(p: readonly Segment[], c: readonly Segment[], cursorP: Cursor, cursorC: Cursor, counter: PrefixTokenCounter, split: SharedSplit): number | null {
  if (!nextAnchorInSegment(p, cursorP) || !nextAnchorInSegment(c, cursorC)) return null;
  const text = p[cursorP.segment]!.text;
  const offset = cursorP.offset;
  const anchor = lastTokenAnchor(text, offset - 1);
  let from = 0;
  let tokensBefore: number;
  if (anchor > 0) {
    from = anchor;
    tokensBefore = counter.tokensThroughAnchor(p, cursorP.segment, anchor).committed;
  } else {
    // The segment's start is a boundary of the request's split only when no text before it waits for an anchor.
    const state = counter.stateAfter(p, cursorP.segment);
    if (state.window !== '') return null;
    tokensBefore = state.committed;
  }
  // The texts must be split alike past the anchor, and the text before it cheaper to count than the stretch.
  if (split.end < from || from > split.end - from) return null;
  const known = split.tokens - counter.countText(text.slice(0, from));
  const common = text.slice(split.end, offset);
  return tokensBefore + known + commonTokensOf(counter.tokenizer, common + textToNextAnchor(p, cursorP), common + textToNextAnchor(c, cursorC), common.length);
}

/**
 * Leading tokens the two whole tokenizations share, from segment `shared` on (the segments before
 * it are identical). Everything before the last anchor ahead of the first differing char is counted
 * from the memo; only the few characters from that anchor to the next anchor past the difference are
 * tokenized on each side and compared token by token.
 */
function commonTokens(p: readonly Segment[], c: readonly Segment[], shared: number, counter: PrefixTokenCounter, whole: number, split: SharedSplit | null): number {
  const cursorP: Cursor = { segment: shared, offset: 0 };
  const cursorC: Cursor = { segment: shared, offset: 0 };
  walkToFirstDifference(p, c, cursorP, cursorC);
  // Same text (bytes that differ only inside invalid sequences, each read as U+FFFD): same tokens.
  if (cursorP.segment >= p.length && cursorC.segment >= c.length) return whole;
  if (split && cursorP.segment === shared && cursorC.segment === shared) {
    const tokens = commonTokensAfterSplit(p, c, cursorP, cursorC, counter, split);
    if (tokens !== null) return tokens;
  }
  // The side that still has text at the difference leads; the parent when both do.
  const leadIsParent = cursorP.segment < p.length;
  const { tokensBefore, commonTail, leadText } = leadWindow(leadIsParent ? p : c, leadIsParent ? cursorP : cursorC, counter);
  const otherText = commonTail + textToNextAnchor(leadIsParent ? c : p, leadIsParent ? cursorC : cursorP);
  // Both texts start with `commonTail`, often most of a long anchorless run: split and merged once.
  return tokensBefore + commonTokensOf(counter.tokenizer, leadText, otherText, commonTail.length);
}

/**
 * The tokens `request` shares with each of many requests that hold the same text as it up to char
 * `offset` of segment `segment` and differ there, inside both sides' text of that segment (neither
 * side splitting a UTF-8 sequence across segments): `comparePrefix(other, request).commonPrefix.tokens`
 * for each. The request's side of the divergence is counted once; each other request costs one
 * tokenization of the few characters from the last anchor before the difference to its next anchor
 * after it. For an index that already knows where requests branch and compares one with many.
 */
export function sharedTokensAtDifference(request: PrefixRequest, segment: number, offset: number, counter: PrefixTokenCounter): (other: PrefixRequest) => number {
  // Both sides hold text at the difference, so either may lead; the counts are the same.
  const { tokensBefore, commonTail, leadText } = leadWindow(request.segments, { segment, offset }, counter);
  const leadTokens = counter.tokenizer.encode(leadText);
  return (other) => tokensBefore + tokenLcp(leadTokens, counter.tokenizer.encode(commonTail + textToNextAnchor(other.segments, { segment, offset })));
}

/**
 * At most how many tokens `request` shares with any request that holds the same text up to char
 * `offset` of segment `segment` and differs there (what `sharedTokensAtDifference` counts for each):
 * a shared token lies wholly before the first differing byte, so the count stops at the request's
 * last token that ends there. Infinity when the tokenizer cannot say how long its tokens are.
 */
export function mostSharedAtDifference(request: PrefixRequest, segment: number, offset: number, counter: PrefixTokenCounter): number {
  const tokenizer = counter.tokenizer;
  if (!tokenizer.tokenByteLength) return Number.POSITIVE_INFINITY;
  const { tokensBefore, commonTail, leadText } = leadWindow(request.segments, { segment, offset }, counter);
  let room = Buffer.byteLength(commonTail, 'utf8');
  let within = 0;
  for (const token of tokenizer.encode(leadText)) {
    room -= tokenizer.tokenByteLength(token);
    if (room < 0) break;
    within++;
  }
  return tokensBefore + within;
}

/**
 * Shared tokens when the requests part at a keyed segment: the tokens of the prefix before it, as an
 * entry ending there holds them (the side with the keyed segment ends a segment there), and never
 * more than the two tokenizations share when bytes differ after it too.
 */
function keyedPrefixTokens(p: readonly Segment[], c: readonly Segment[], parting: { readonly a: BytePosition | null; readonly b: BytePosition | null }, counter: PrefixTokenCounter, byteTokens: (() => number) | undefined): number {
  const keyedParent = parting.a !== null && p[parting.a.segment]!.key !== undefined;
  const before = keyedParent ? counter.prefixTokens(p, parting.a!.segment) : counter.prefixTokens(c, parting.b!.segment);
  return byteTokens ? Math.min(before, byteTokens()) : before;
}

/**
 * Compares two requests the way a prefix cache does: finds the first differing segment on the
 * `prefixHash` chains (by bisection), reads both sides' bytes from there to the first differing byte,
 * and counts the leading tokens the two tokenizations share. A keyed segment (a setting the route
 * keys its cache on) that differs before that byte is where they part instead. Requests on
 * different routes share nothing. Bytes are compared as sent, however they are cut into segments;
 * tokens are counted on the text those bytes decode to.
 */
export function comparePrefix(parent: PrefixRequest, child: PrefixRequest, options: ComparePrefixOptions = {}): PrefixComparison {
  const counter = options.counter ?? new PrefixTokenCounter(options.tokenizer ?? getTokenizer());
  const p = parent.segments;
  const c = child.segments;
  const shared = sharedSegments(p, c);
  const limit = Math.min(p.length, c.length);
  const splitsSequence = counter.splitsSequence(p) || counter.splitsSequence(c);
  // The two segments where the requests part often share a long text up to the difference: counted
  // together, it is split and merged once (a request that splits a UTF-8 sequence is counted whole).
  const split = shared < limit && !splitsSequence ? counter.profilePair(p[shared]!, c[shared]!) : null;
  const parentSize = sizeOf(parent, counter);
  const childSize = sizeOf(child, counter);
  const base = { parent: parentSize, child: childSize, tokenizer: counter.tokenizer.name };

  if (!sameRoute(parent.route, child.route)) {
    if (p.length === 0 && c.length === 0) return { ...base, commonPrefix: EMPTY, divergence: null };
    const describe = (request: PrefixRequest) => `${request.route.provider}/${request.route.model}${request.route.salt ? `#${request.route.salt}` : ''}`;
    const first = (segments: readonly Segment[]): DivergenceSide | null =>
      segments[0] ? { index: 0, kind: segments[0].kind, name: segments[0].name, segmentByteOffset: 0 } : null;
    return {
      ...base,
      commonPrefix: EMPTY,
      divergence: { byteOffset: 0, routeDiffers: true, parent: first(p), child: first(c), excerpt: { parent: describe(parent), child: describe(child) } },
    };
  }

  if (shared === p.length && shared === c.length) return { ...base, commonPrefix: parentSize, divergence: null };

  const bytesBefore = counter.byteLength(p, shared);
  const byteDifference = firstDifferingByte(p, c, shared);
  // A keyed segment that differs before the first differing byte (or with every byte the same) is
  // where the requests part: the cache keys everything after it on the setting.
  const keyDifference = firstDifferingKey(p, c, shared, byteDifference);
  const difference = keyDifference ?? byteDifference;
  if (difference === null) {
    // Same bytes and settings, cut into segments differently: the cache sees identical requests (and the same text).
    return { ...base, commonPrefix: { segments: shared, bytes: parentSize.bytes, tokens: parentSize.tokens }, divergence: null };
  }

  const byteOffset = bytesBefore + difference.shared;
  const whole = Math.min(parentSize.tokens, childSize.tokens);
  // A UTF-8 sequence split across byte segments makes a segment's text differ from its part of the
  // request's text; such requests are counted by decoding them whole.
  const byteTokens = (): number =>
    splitsSequence
      ? tokenLcp(counter.tokenizer.encode(decodeRequestText(p)), counter.tokenizer.encode(decodeRequestText(c)))
      : commonTokens(p, c, shared, counter, whole, split);
  const tokens = keyDifference ? keyedPrefixTokens(p, c, keyDifference, counter, byteDifference ? byteTokens : undefined) : byteTokens();
  return {
    ...base,
    commonPrefix: { segments: shared, bytes: byteOffset, tokens },
    divergence: {
      byteOffset,
      routeDiffers: false,
      parent: sideAt(p, difference.a),
      child: sideAt(c, difference.b),
      excerpt: { parent: excerptOf(p, difference.a), child: excerptOf(c, difference.b) },
    },
  };
}
