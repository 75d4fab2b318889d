import { PrefixTokenCounter } from './prefix-token-counter.js';
import { requestByteLength, type PrefixRequest } from './request.js';
import { sameRoute } from './route-key.js';
import type { Segment, SegmentKind } from './segment.js';
import { firstTokenAnchor, lastTokenAnchor } from './token-anchors.js';
import { getTokenizer, type Tokenizer } from './tokenizer.js';

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
  /** A counter to reuse across comparisons, so that segments and prefixes seen once stay memoised. */
  readonly counter?: PrefixTokenCounter;
}

const defaultCounters = new Map<string, PrefixTokenCounter>();

function counterFor(options: ComparePrefixOptions): PrefixTokenCounter {
  if (options.counter) return options.counter;
  const tokenizer = options.tokenizer ?? getTokenizer();
  let counter = defaultCounters.get(tokenizer.name);
  if (!counter || counter.tokenizer !== tokenizer) {
    counter = new PrefixTokenCounter(tokenizer);
    defaultCounters.set(tokenizer.name, counter);
  }
  return counter;
}

/** A position in a request's text: segment index and char offset inside it. */
interface Cursor {
  segment: number;
  offset: number;
}

const EXCERPT_CHARS = 40;

function sizeOf(request: PrefixRequest, counter: PrefixTokenCounter): PrefixSize {
  return { segments: request.segments.length, bytes: requestByteLength(request), tokens: counter.prefixTokens(request.segments) };
}

/** Advances both cursors over identical text until the first differing char or the end of either side. */
function walkToFirstDifference(a: readonly Segment[], b: readonly Segment[], cursorA: Cursor, cursorB: Cursor): void {
  while (cursorA.segment < a.length && cursorB.segment < b.length) {
    const textA = a[cursorA.segment]!.text;
    const textB = b[cursorB.segment]!.text;
    const span = Math.min(textA.length - cursorA.offset, textB.length - cursorB.offset);
    let matched = 0;
    while (matched < span && textA.charCodeAt(cursorA.offset + matched) === textB.charCodeAt(cursorB.offset + matched)) matched++;
    cursorA.offset += matched;
    cursorB.offset += matched;
    if (matched < span) return;
    if (cursorA.offset === textA.length) cursorA.segment++, (cursorA.offset = 0);
    if (cursorB.offset === textB.length) cursorB.segment++, (cursorB.offset = 0);
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * UTF-8 bytes of `lead[0, leadOffset)` plus the leading bytes the next code points of both sides
 * still share: a difference in the low half of a surrogate pair starts inside a 4-byte sequence.
 */
function commonBytesInSegment(lead: string, leadOffset: number, other: string | undefined, otherOffset: number): number {
  const start = leadOffset > 0 && isHighSurrogate(lead.charCodeAt(leadOffset - 1)) ? leadOffset - 1 : leadOffset;
  let bytes = Buffer.byteLength(lead.slice(0, start), 'utf8');
  const mine = lead.codePointAt(start);
  const theirs = other?.codePointAt(otherOffset - (leadOffset - start));
  if (mine === undefined || theirs === undefined) return bytes;
  const mineBytes = Buffer.from(String.fromCodePoint(mine), 'utf8');
  const theirBytes = Buffer.from(String.fromCodePoint(theirs), 'utf8');
  for (let index = 0; index < Math.min(mineBytes.length, theirBytes.length) && mineBytes[index] === theirBytes[index]; index++) bytes++;
  return bytes;
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

function excerptAround(segments: readonly Segment[], cursor: Cursor, commonBefore: string): string {
  const text = segments[cursor.segment]?.text ?? '';
  const after = text.slice(cursor.offset, cursor.offset + EXCERPT_CHARS);
  return `${commonBefore.slice(-EXCERPT_CHARS)}‸${after}`;
}

function commonTextBefore(segments: readonly Segment[], cursor: Cursor): string {
  let text = segments[cursor.segment]?.text.slice(0, cursor.offset) ?? '';
  for (let index = cursor.segment - 1; index >= 0 && text.length < EXCERPT_CHARS; index--) text = segments[index]!.text + text;
  return text;
}

/** The segment a cursor stands on at the divergence, or null when that side has ended. */
function sideAt(segments: readonly Segment[], cursor: Cursor, byteOffset: number): DivergenceSide | null {
  const segment = segments[cursor.segment];
  if (!segment) return null;
  let bytesBefore = 0;
  for (let index = 0; index < cursor.segment; index++) bytesBefore += segments[index]!.byteLength;
  return { index: cursor.segment, kind: segment.kind, name: segment.name, segmentByteOffset: byteOffset - bytesBefore };
}

function tokenLcp(a: readonly number[], b: readonly number[]): number {
  const limit = Math.min(a.length, b.length);
  let index = 0;
  while (index < limit && a[index] === b[index]) index++;
  return index;
}

/**
 * Compares two requests the way a prefix cache does: walks the `prefixHash` chains to the first
 * differing segment (O(segments)), finds the first differing byte, and counts the leading tokens the
 * two tokenizations share. Requests on different routes share nothing.
 */
export function comparePrefix(parent: PrefixRequest, child: PrefixRequest, options: ComparePrefixOptions = {}): PrefixComparison {
  const counter = counterFor(options);
  const parentSize = sizeOf(parent, counter);
  const childSize = sizeOf(child, counter);
  const base = { parent: parentSize, child: childSize, tokenizer: counter.tokenizer.name };
  const p = parent.segments;
  const c = child.segments;

  if (!sameRoute(parent.route, child.route)) {
    if (p.length === 0 && c.length === 0) return { ...base, commonPrefix: { segments: 0, bytes: 0, tokens: 0 }, divergence: null };
    const describe = (request: PrefixRequest) => `${request.route.provider}/${request.route.model}${request.route.salt ? `#${request.route.salt}` : ''}`;
    const first = (segments: readonly Segment[]): DivergenceSide | null =>
      segments[0] ? { index: 0, kind: segments[0].kind, name: segments[0].name, segmentByteOffset: 0 } : null;
    return {
      ...base,
      commonPrefix: { segments: 0, bytes: 0, tokens: 0 },
      divergence: { byteOffset: 0, routeDiffers: true, parent: first(p), child: first(c), excerpt: { parent: describe(parent), child: describe(child) } },
    };
  }

  let shared = 0;
  const limit = Math.min(p.length, c.length);
  while (shared < limit && p[shared]!.prefixHash === c[shared]!.prefixHash) shared++;
  if (shared === p.length && shared === c.length) {
    return { ...base, commonPrefix: parentSize, divergence: null };
  }

  const cursorP: Cursor = { segment: shared, offset: 0 };
  const cursorC: Cursor = { segment: shared, offset: 0 };
  walkToFirstDifference(p, c, cursorP, cursorC);
  if (cursorP.segment >= p.length && cursorC.segment >= c.length) {
    // Same bytes, cut into segments differently: the cache sees identical requests.
    return { ...base, commonPrefix: { segments: shared, bytes: parentSize.bytes, tokens: parentSize.tokens }, divergence: null };
  }

  // The side that still has text at the divergence leads the description; the parent when both do.
  const leadIsParent = cursorP.segment < p.length;
  const lead = leadIsParent ? p : c;
  const other = leadIsParent ? c : p;
  const leadCursor = leadIsParent ? cursorP : cursorC;
  const otherCursor = leadIsParent ? cursorC : cursorP;
  const leadSegment = lead[leadCursor.segment]!;

  let bytesBefore = 0;
  for (let index = 0; index < leadCursor.segment; index++) bytesBefore += lead[index]!.byteLength;
  const inSegmentBytes = commonBytesInSegment(leadSegment.text, leadCursor.offset, other[otherCursor.segment]?.text, otherCursor.offset);

  // Token-exact common prefix: everything before the last anchor ahead of the divergence is counted
  // from the memo; only the few characters from that anchor to the next anchor past the divergence
  // are tokenized on each side and compared token by token.
  const state = counter.stateAfter(lead, leadCursor.segment);
  const anchor = lastTokenAnchor(leadSegment.text, leadCursor.offset - 1);
  let tokensBefore: number;
  let commonTail: string;
  if (anchor > 0) {
    tokensBefore = counter.tokensThroughAnchor(lead, leadCursor.segment, anchor).committed;
    commonTail = leadSegment.text.slice(anchor, leadCursor.offset);
  } else {
    tokensBefore = state.committed;
    commonTail = state.window + leadSegment.text.slice(0, leadCursor.offset);
  }
  const leadTokens = counter.tokenizer.encode(commonTail + textToNextAnchor(lead, leadCursor));
  const otherTokens = counter.tokenizer.encode(commonTail + textToNextAnchor(other, otherCursor));
  const commonTokens = tokensBefore + tokenLcp(leadTokens, otherTokens);

  const byteOffset = bytesBefore + inSegmentBytes;
  const before = commonTextBefore(lead, leadCursor);
  return {
    ...base,
    commonPrefix: { segments: shared, bytes: byteOffset, tokens: commonTokens },
    divergence: {
      byteOffset,
      routeDiffers: false,
      parent: sideAt(p, cursorP, byteOffset),
      child: sideAt(c, cursorC, byteOffset),
      excerpt: { parent: excerptAround(p, cursorP, before), child: excerptAround(c, cursorC, before) },
    },
  };
}
