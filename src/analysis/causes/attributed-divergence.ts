import { comparePrefix, type ComparePrefixOptions, type Divergence, type PrefixComparison, type PrefixRequest, type SegmentKind } from '../../prefix/index.js';
import { attributeCause } from './attribute-cause.js';
import type { CauseScope } from './cause-scope.js';
import type { DivergenceCause } from './divergence-cause.js';

/**
 * A divergence with its meaning, as `kvprefix diff --json` shows it: the segment of the side that
 * holds the change, the cause, what it is about and one sentence, and the engine's byte facts.
 */
export interface AttributedDivergence {
  /** Index of the segment in the request named by `side`. */
  readonly index: number;
  readonly kind: SegmentKind;
  /** What the cause is about: the added or removed tool, the section, the message, the child's route. */
  readonly name: string;
  /** The name of the segment at `index` (equal to `name` unless the cause is about something else). */
  readonly segment: string;
  /** Offset of the first differing byte from the start of the request. */
  readonly byteOffset: number;
  /** Offset of the first differing byte inside the segment. */
  readonly segmentByteOffset: number;
  readonly cause: DivergenceCause;
  readonly detail: string;
  /** True when inferred from bytes alone (no scope). */
  readonly inferred: boolean;
  /** Which request `index` refers to. */
  readonly side: 'parent' | 'child';
  readonly excerpt: { readonly parent: string; readonly child: string };
}

/** The engine's divergence of `parent` and `child` (`comparePrefix(parent, child).divergence`) with its cause. */
export function attributeDivergence(parent: PrefixRequest, child: PrefixRequest, divergence: Divergence, scope?: CauseScope): AttributedDivergence {
  const attribution = attributeCause({ divergence }, parent, child, scope)!;
  const { segment } = attribution;
  return {
    index: segment.index,
    kind: segment.kind,
    name: attribution.name,
    segment: segment.name,
    byteOffset: divergence.byteOffset,
    segmentByteOffset: segment.segmentByteOffset,
    cause: attribution.cause,
    detail: attribution.detail,
    inferred: attribution.inferred,
    side: attribution.side,
    excerpt: divergence.excerpt,
  };
}

/** A comparison whose divergence carries its cause. */
export type ComparisonWithCause = Omit<PrefixComparison, 'divergence'> & { readonly divergence: AttributedDivergence | null };

/** `comparePrefix`, then the attribution of its divergence: one call for `diff`, the demo and tests. */
export function compareWithCause(parent: PrefixRequest, child: PrefixRequest, options: ComparePrefixOptions & { readonly scope?: CauseScope } = {}): ComparisonWithCause {
  const { scope, ...compareOptions } = options;
  const comparison = comparePrefix(parent, child, compareOptions);
  return { ...comparison, divergence: comparison.divergence ? attributeDivergence(parent, child, comparison.divergence, scope) : null };
}
