import type { Divergence, PrefixRequest, SegmentKind } from '../../prefix/index.js';
import { inferCause, leadingSegment, type DivergenceCause } from './infer-cause.js';

/**
 * A divergence with its meaning: the leading segment (the parent's, or the child's where the parent
 * has ended), the cause and the name the cause is about. This is what reports and `--json` show.
 */
export interface AttributedDivergence {
  /** Index of the leading segment in the request named by `side`. */
  readonly index: number;
  readonly kind: SegmentKind;
  /** What the cause is about: the removed/added tool for filter/report/contract, otherwise the segment's name. */
  readonly name: string;
  /** Offset of the first differing byte from the start of the request. */
  readonly byteOffset: number;
  /** Offset of the first differing byte inside the leading segment. */
  readonly segmentByteOffset: number;
  readonly cause: DivergenceCause;
  /** Which request `index` refers to. */
  readonly side: 'parent' | 'child';
  readonly excerpt: { readonly parent: string; readonly child: string };
}

/** Attributes the engine's divergence of `parent` and `child` to a cause. */
export function attributeDivergence(parent: PrefixRequest, child: PrefixRequest, divergence: Divergence): AttributedDivergence {
  const { segment, side } = leadingSegment(parent, child, divergence);
  const at = side === 'parent' ? divergence.parent! : divergence.child!;
  const { cause, name } = inferCause(parent, child, divergence);
  return { index: at.index, kind: segment.kind, name, byteOffset: divergence.byteOffset, segmentByteOffset: at.segmentByteOffset, cause, side, excerpt: divergence.excerpt };
}
