import type { PrefixComparison, PrefixRequest } from '../../prefix/index.js';
import type { RequestDivergence } from '../replay/session-analysis.js';
import { attributeCause } from './attribute-cause.js';
import type { CauseScope } from './cause-scope.js';

/** The earlier request a replayed request is set against (the one it reuses the most of). */
export interface EarlierRequest {
  readonly request: PrefixRequest;
  /** Session id (or file) and request index, as reports name them. */
  readonly session: string;
  readonly index: number;
}

/**
 * The one call a replay (wire sequences, DSH session trees, Claude Code transcripts) makes to turn
 * `comparePrefix(against.request, request)` into the `RequestDivergence` its `SessionTreeAnalysis`
 * carries: this request's segment at the first differing byte, the cause, one sentence, whether it
 * was inferred. A request identical to the earlier one gets the cause `identical`, naming that
 * request: a null divergence would read as "nothing earlier on the route" (`first`) in every report,
 * beside a predicted read of the whole request.
 */
export function requestDivergence(comparison: Pick<PrefixComparison, 'divergence'>, request: PrefixRequest, against: EarlierRequest, scope?: CauseScope): RequestDivergence {
  const attribution = attributeCause(comparison, against.request, request, scope);
  if (attribution === null) {
    return {
      kind: null,
      name: null,
      cause: 'identical',
      detail: 'the same bytes as the request it is compared with: all of it is a shared prefix',
      inferred: false,
      against: { session: against.session, index: against.index },
    };
  }
  const mine = comparison.divergence?.child ?? null;
  return {
    kind: mine?.kind ?? null,
    name: mine?.name ?? null,
    cause: attribution.cause,
    detail: attribution.detail,
    inferred: attribution.inferred,
    against: { session: against.session, index: against.index },
  };
}
