import { displayDeepSeekText } from '../deepseek/special-tokens.js';
import type { PrefixComparison, PrefixRequest } from '../../prefix/index.js';
import type { RequestDivergence } from './session-analysis.js';

/*
 * The one place the replay turns an engine comparison into a `RequestDivergence` (kind and name on
 * this request's side, cause, one sentence). Cause attribution is the engine's inferred cause for
 * now; it moves to src/analysis/causes, and only this function changes with it.
 */

/** The segment of `request` holding byte offset `byteOffset` (null when the request ends there). */
function segmentAt(request: PrefixRequest, byteOffset: number): { kind: string; name: string } | null {
  let start = 0;
  for (const segment of request.segments) {
    if (byteOffset < start + segment.byteLength) return { kind: segment.kind, name: segment.name };
    start += segment.byteLength;
  }
  return null;
}

/**
 * Where `request` stops sharing the earlier request `against` (the one it reused the most of), as
 * `comparePrefix(against.request, request)` found it. A request that only appends to the earlier
 * one is an `extension`, the best case.
 */
export function divergenceOf(
  comparison: PrefixComparison,
  request: PrefixRequest,
  against: { readonly session: string; readonly index: number },
): RequestDivergence | null {
  const divergence = comparison.divergence;
  if (!divergence) return null;
  const mine = segmentAt(request, divergence.byteOffset);
  const earlierEnds = comparison.commonPrefix.bytes === comparison.parent.bytes;
  if (earlierEnds) {
    return { kind: mine?.kind ?? null, name: mine?.name ?? null, cause: 'extension', detail: `appends to request ${against.index} of ${against.session} from '${mine?.name ?? 'the end'}' on`, inferred: true, against };
  }
  const excerpt = displayDeepSeekText(divergence.excerpt.child);
  const detail = `${divergence.kind} '${divergence.name}' differs from request ${against.index} of ${against.session} at byte ${divergence.byteOffset} (${divergence.cause}): ${JSON.stringify(excerpt)}`;
  return { kind: mine?.kind ?? null, name: mine?.name ?? null, cause: divergence.cause, detail, inferred: true, against };
}
