import { requestDivergence } from '../causes/index.js';
import type { PrefixComparison, PrefixRequest } from '../../prefix/index.js';
import type { RequestDivergence } from './session-analysis.js';

/*
 * The one place the DSH replay turns an engine comparison into a `RequestDivergence` (kind and name
 * on this request's side, cause, one sentence). The cause and its wording come from the shared rules
 * in src/analysis/causes, the same ones `diff` and the other replays use.
 */

/**
 * Where `request` stops sharing the earlier request `against.request` (the one it reused the most
 * of), as `comparePrefix(against.request, request)` found it. A request that only appends to the
 * earlier one is an `extension`, the best case.
 */
export function divergenceOf(
  comparison: PrefixComparison,
  request: PrefixRequest,
  against: { readonly request: PrefixRequest; readonly session: string; readonly index: number },
): RequestDivergence | null {
  return requestDivergence(comparison, request, against);
}
