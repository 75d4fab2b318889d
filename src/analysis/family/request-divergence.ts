import type { PrefixComparison, PrefixRequest } from '../../prefix/index.js';
import { attributeDivergence } from '../causes/index.js';
import type { RequestDivergence } from '../replay/session-analysis.js';

/**
 * The one place that reads the engine's `divergence`: where `child` first differs from the earlier
 * request `parent` it was compared with, on the child's side, and why (inferred from bytes).
 */
export function requestDivergence(parent: PrefixRequest, child: PrefixRequest, comparison: PrefixComparison, against: RequestDivergence['against']): RequestDivergence | null {
  const divergence = comparison.divergence;
  if (divergence === null) return null;
  const attributed = attributeDivergence(parent, child, divergence);
  return {
    kind: divergence.child?.kind ?? null,
    name: divergence.child?.name ?? null,
    cause: attributed.cause,
    detail: attributed.detail,
    inferred: true,
    against,
  };
}
