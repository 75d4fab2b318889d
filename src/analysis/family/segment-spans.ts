import { hashHex, type PrefixRequest, type PrefixTokenCounter } from '../../prefix/index.js';
import type { SegmentSpan } from '../result/session-analysis.js';

/**
 * A request's segments with their token counts, for pictures. Each segment is given the tokens the
 * prefix gains with it (`prefixTokens(i + 1) − prefixTokens(i)`), so the spans sum exactly to the
 * request's count even where BPE merges across a join. `inheritedFrom`: the parent request, to mark
 * a child's leading history messages that are the parent's own (a fork child's seed).
 */
export function segmentSpans(request: PrefixRequest, counter: PrefixTokenCounter, inheritedFrom?: PrefixRequest): SegmentSpan[] {
  const segments = request.segments;
  const parentMessages = inheritedFrom?.segments.filter((segment) => segment.kind === 'message' || segment.kind === 'task') ?? [];
  let messageIndex = 0;
  let inheriting = parentMessages.length > 0;
  let before = 0;
  return segments.map((segment, index) => {
    const after = counter.prefixTokens(segments, index + 1);
    const tokens = after - before;
    before = after;
    let inherited = false;
    if (segment.kind === 'message' || segment.kind === 'task') {
      inheriting = inheriting && segment.kind === 'message' && parentMessages[messageIndex]?.hash === segment.hash;
      inherited = inheriting;
      messageIndex++;
    }
    return { kind: segment.kind, name: segment.name, tokens, hash: hashHex(segment.hash), ...(inherited ? { inherited: true } : {}) };
  });
}
