import { attributeDivergence, type AttributedDivergence } from '../../src/analysis/index.js';
import { comparePrefix, type ComparePrefixOptions, type PrefixComparison, type PrefixRequest } from '../../src/prefix/index.js';

/** A comparison whose divergence carries its cause, as `kvprefix diff --json` shows it. */
export type ComparisonWithCause = Omit<PrefixComparison, 'divergence'> & { readonly divergence: AttributedDivergence | null };

/** `comparePrefix`, then the analysis layer's attribution of the divergence. */
export function compareWithCause(parent: PrefixRequest, child: PrefixRequest, options?: ComparePrefixOptions): ComparisonWithCause {
  const comparison = comparePrefix(parent, child, options);
  return { ...comparison, divergence: comparison.divergence ? attributeDivergence(parent, child, comparison.divergence) : null };
}
