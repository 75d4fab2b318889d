import type { PrefixComparison, PrefixRequest } from '../../prefix/index.js';
import type { RequestDivergence } from '../result/session-analysis.js';

/** The earlier request a request is set against, as the replay knows it. */
export interface EarlierRequest {
  readonly session: string;
  readonly index: number;
  readonly model: string;
  /** Seconds since that request refreshed its entry. */
  readonly ageSeconds: number;
}

/** What the cause attribution looks at for one request. */
export interface DivergenceFacts {
  readonly request: PrefixRequest;
  readonly model: string;
  /** The earlier request on the same route sharing the most of this one (null when none). */
  readonly against: EarlierRequest | null;
  /** `comparePrefix(against, request)`; null when `against` is null. */
  readonly comparison: PrefixComparison | null;
  /** The previous request of the same session, whatever its route (a model switch shows here). */
  readonly previousInSession: EarlierRequest | null;
  /** The policy's TTL, in seconds. */
  readonly ttlSeconds: number;
}

function minutes(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
}

/*
 * The one place where a Claude Code request's divergence gets its cause. It reads only the sizes of
 * the comparison (how many segments both sides share) and this request's own segments, so it does
 * not depend on how the engine names the two sides of a divergence. The causes here are inferred
 * from transcript text: Claude Code does not log request bodies.
 */
export function claudeCodeDivergence(facts: DivergenceFacts): RequestDivergence | null {
  const { against, comparison, previousInSession } = facts;
  if (against === null || comparison === null) {
    if (previousInSession === null || previousInSession.model === facts.model) return null;
    return {
      kind: null,
      name: null,
      cause: 'route',
      detail: `model changed from ${previousInSession.model} to ${facts.model}: the cache is kept per model, nothing of the earlier requests is read`,
      inferred: false,
      against: { session: previousInSession.session, index: previousInSession.index },
    };
  }
  const reference = { session: against.session, index: against.index };
  const shared = comparison.commonPrefix.segments;
  const extends_ = shared === comparison.parent.segments;
  if (against.ageSeconds > facts.ttlSeconds) {
    return {
      kind: null,
      name: null,
      cause: 'ttl',
      detail: `idle ${minutes(against.ageSeconds)} since request #${against.index}, longer than the ${minutes(facts.ttlSeconds)} TTL: its entries expired`,
      inferred: false,
      against: reference,
    };
  }
  if (extends_) {
    const added = comparison.child.segments - shared;
    return {
      kind: null,
      name: null,
      cause: 'extension',
      detail: `appends ${added} block${added === 1 ? '' : 's'} to request #${against.index}`,
      inferred: true,
      against: reference,
    };
  }
  const segment = facts.request.segments[shared];
  const kind = segment?.kind ?? null;
  const name = segment?.name ?? null;
  return {
    kind,
    name,
    cause: kind === 'system' ? 'system' : 'history',
    detail: kind === 'system' ? 'the head (tools and system prompt) differs' : `${name ?? 'a message'} differs from request #${against.index} (edited, dropped or reordered)`,
    inferred: true,
    against: reference,
  };
}
