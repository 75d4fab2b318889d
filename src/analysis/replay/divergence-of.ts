import { attributeDivergence } from '../causes/index.js';
import { displayDeepSeekText } from '../deepseek/special-tokens.js';
import type { PrefixComparison, PrefixRequest } from '../../prefix/index.js';
import type { RequestDivergence } from './session-analysis.js';

/*
 * The one place the replay turns an engine comparison into a `RequestDivergence` (kind and name on
 * this request's side, cause, one sentence). The cause comes from src/analysis/causes; only this
 * function changes when the attribution does.
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
  const divergence = comparison.divergence;
  if (!divergence) return null;
  const where = { session: against.session, index: against.index };
  const mine = divergence.child;
  if (divergence.parent === null && !divergence.routeDiffers) {
    return { kind: mine?.kind ?? null, name: mine?.name ?? null, cause: 'extension', detail: `appends to request ${against.index} of ${against.session} from '${mine?.name ?? 'the end'}' on`, inferred: true, against: where };
  }
  const attributed = attributeDivergence(against.request, request, divergence);
  const excerpt = displayDeepSeekText(divergence.excerpt.child);
  const detail = `${attributed.kind} '${attributed.name}' differs from request ${against.index} of ${against.session} at byte ${divergence.byteOffset} (${attributed.cause}): ${JSON.stringify(excerpt)}`;
  return { kind: mine?.kind ?? null, name: mine?.name ?? null, cause: attributed.cause, detail, inferred: true, against: where };
}
