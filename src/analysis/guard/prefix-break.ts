import { comparePrefix, type PrefixComparison, type PrefixRequest, type PrefixTokenCounter } from '../../prefix/index.js';

/** Token sizes of the two heads alone, from the same comparison. */
export interface HeadSizes {
  readonly parentTokens: number;
  readonly childTokens: number;
  /** Leading head tokens both share. */
  readonly commonTokens: number;
}

/** What a child request reuses of its parent's, in the engine's numbers. */
export interface PrefixBreak {
  /** Tokens of the parent request (head and inherited history). */
  readonly parentTokens: number;
  readonly childTokens: number;
  /** Leading tokens both share: what the child can read from the parent's cache. */
  readonly commonTokens: number;
  /** The parent's tokens the child cannot reuse. */
  readonly lostTokens: number;
  /** Whole segments both share. */
  readonly commonSegments: number;
  /** The first child segment that differs, or null when the child extends the parent untouched. */
  readonly firstDifferent: { readonly segment: number; readonly kind: string; readonly name: string } | null;
  readonly tokenizer: string;
  readonly head: HeadSizes;
}

/**
 * Compares a parent and a child request with the engine and keeps only what the guard relies on:
 * sizes and the common prefix. Where the child first differs is read from the child's own segments
 * at `commonPrefix.segments`, not from the engine's divergence record, whose shape belongs to the
 * cause analysis.
 */
export function prefixBreak(parent: PrefixRequest, child: PrefixRequest, counter: PrefixTokenCounter, headSegments: { parent: number; child: number }): PrefixBreak {
  const comparison: PrefixComparison = comparePrefix(parent, child, { counter });
  const common = comparison.commonPrefix;
  const segment = child.segments[common.segments];
  const parentIntact = common.segments >= parent.segments.length;
  return {
    parentTokens: comparison.parent.tokens,
    childTokens: comparison.child.tokens,
    commonTokens: common.tokens,
    lostTokens: comparison.parent.tokens - common.tokens,
    commonSegments: common.segments,
    firstDifferent: parentIntact || segment === undefined ? null : { segment: common.segments, kind: segment.kind, name: segment.name },
    tokenizer: comparison.tokenizer,
    // Head sizes are prefix counts of the same requests (memoised), so no second comparison is needed.
    head: (() => {
      const parentTokens = counter.prefixTokens(parent.segments, headSegments.parent);
      const childTokens = counter.prefixTokens(child.segments, headSegments.child);
      return { parentTokens, childTokens, commonTokens: Math.min(common.tokens, parentTokens, childTokens) };
    })(),
  };
}
