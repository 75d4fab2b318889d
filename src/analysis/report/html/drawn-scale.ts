import type { SegmentSpan } from '../../replay/session-analysis.js';

/**
 * How a bar draws its segments so that it ends at the request's own token count. A reader whose
 * head is calibrated (DSH: the provider counted 2,885 where the rendering counts 5,928) keeps each
 * segment's rendered count and states the request's total separately; a bar drawn from the segments
 * would reach past the axis and put the predicted reuse in the wrong place. The difference is the
 * head's (that is what the calibration measured), so the head's segments absorb it; when the head
 * cannot (no head, or a difference larger than it), every segment is scaled alike.
 *
 * Drawn tokens per counted token: `[head, rest]`, the first for segments of the head kinds.
 */
export type DrawnScale = readonly [head: number, rest: number];

/** The segment kinds the first factor of a `DrawnScale` applies to. */
export const DRAWN_HEAD_KINDS: readonly string[] = ['system', 'tool', 'sdk'];

/** Drawn tokens of one segment under a scale. */
export const drawnTokens = (scale: DrawnScale, kind: string, tokens: number): number => tokens * (DRAWN_HEAD_KINDS.includes(kind) ? scale[0] : scale[1]);

const round = (factor: number): number => Number(factor.toPrecision(6));

/** The scale that makes `segments` add up to `tokens` (1 and 1 when they already do, or when there are none). */
export function drawnScale(segments: readonly SegmentSpan[], tokens: number): DrawnScale {
  let head = 0;
  let total = 0;
  for (const segment of segments) {
    total += segment.tokens;
    if (DRAWN_HEAD_KINDS.includes(segment.kind)) head += segment.tokens;
  }
  const difference = tokens - total;
  if (difference === 0 || total === 0) return [1, 1];
  // Six significant digits: the page's bars are a few thousand pixels at most.
  if (head > 0 && head + difference >= 0) return [round((head + difference) / head), 1];
  const factor = round(tokens / total);
  return [factor, factor];
}
