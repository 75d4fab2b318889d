import { sameRoute, type PrefixRequest } from '../../prefix/index.js';
import { sharedSegments } from '../../prefix/shared-segments.js';
import type { RequestDivergence } from '../result/session-analysis.js';

/** The earlier request a request is set against, as the replay knows it. */
export interface EarlierRequest {
  readonly session: string;
  readonly index: number;
  readonly model: string;
  /** Claude Code's version that sent it, as the transcript logs it. */
  readonly version?: string | undefined;
  /** Seconds since that request refreshed its entry. */
  readonly ageSeconds: number;
}

/** What the cause attribution looks at for one request. */
export interface DivergenceFacts {
  readonly request: PrefixRequest;
  readonly model: string;
  /** Claude Code's version that sent this request, as the transcript logs it. */
  readonly version?: string | undefined;
  /** The earlier request on the same route sharing the most of this one (null when none). */
  readonly against: EarlierRequest | null;
  /** How many segments `against` and this request share, and hold (`segmentComparison`, or a `comparePrefix`); null when `against` is null. */
  readonly comparison: SegmentComparison | null;
  /** The previous request of the same session, whatever its route (a model switch shows here). */
  readonly previousInSession: EarlierRequest | null;
  /** The policy's TTL, in seconds. */
  readonly ttlSeconds: number;
  /** Why the request's parameters invalidated every message entry while the head stayed cached (a thinking switch), when they did. */
  readonly messagesInvalidated?: string;
}

/** The part of a prefix comparison a cause is read from: whole segments only, no bytes or tokens. */
export interface SegmentComparison {
  readonly commonPrefix: { readonly segments: number };
  readonly parent: { readonly segments: number };
  readonly child: { readonly segments: number };
}

/**
 * The leading segments two requests share, as `comparePrefix` counts them (equal prefix hashes; none
 * across routes), without its byte walk and token counts: a cause reads segments only, and counting
 * both requests' tokens was a tenth of a projects folder's run.
 */
export function segmentComparison(parent: PrefixRequest, child: PrefixRequest): SegmentComparison {
  const p = parent.segments;
  const c = child.segments;
  const shared = sameRoute(parent.route, child.route) ? sharedSegments(p, c) : 0;
  return { commonPrefix: { segments: shared }, parent: { segments: p.length }, child: { segments: c.length } };
}

function minutes(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
}

/**
 * What the transcript shows of a head change between an earlier request and this one. A transcript
 * carries no system prompt and no tool definitions, only what they come with: Claude Code's version
 * (its prompt and tools are released with it) and the model.
 */
function headChange(earlier: EarlierRequest, facts: DivergenceFacts): string {
  const changes: string[] = [];
  if (earlier.version !== facts.version && earlier.version !== undefined && facts.version !== undefined) changes.push(`Claude Code ${earlier.version} → ${facts.version} (the system prompt and tools come with the version)`);
  if (earlier.model !== facts.model) changes.push(`model ${earlier.model} → ${facts.model}`);
  return changes.length > 0 ? changes.join('; ') : 'what changed is not recorded in the transcript';
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
    if (previousInSession === null) return null;
    const reference = { session: previousInSession.session, index: previousInSession.index };
    if (previousInSession.model !== facts.model) {
      const version = previousInSession.version !== facts.version && previousInSession.version !== undefined && facts.version !== undefined ? `, and Claude Code ${previousInSession.version} → ${facts.version}` : '';
      return { kind: null, name: null, cause: 'route', detail: `model changed from ${previousInSession.model} to ${facts.model}${version}: the cache is kept per model, nothing of the earlier requests is read`, inferred: false, against: reference };
    }
    if (previousInSession.version === facts.version) return null;
    // Same model, another version: the head this session sends changed under it.
    return { kind: 'system', name: 'claude-code head', cause: 'system', detail: `the head (tools and system prompt) changed: ${headChange(previousInSession, facts)}`, inferred: false, against: reference };
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
  // A thinking switch is Anthropic's "Thinking parameters" row: the messages are lost, the head kept.
  const thinkingSwitch = kind === 'message' && shared === 1 && facts.messagesInvalidated !== undefined ? facts.messagesInvalidated : undefined;
  const messageDetail = thinkingSwitch ?? `${name ?? 'a message'} differs from request #${against.index} (edited, dropped or reordered)`;
  return {
    kind,
    name,
    cause: kind === 'system' ? 'system' : thinkingSwitch !== undefined ? 'thinking-changed' : 'history',
    detail: kind === 'system' ? `the head (tools and system prompt) differs: ${headChange(against, facts)}` : messageDetail,
    inferred: true,
    against: reference,
  };
}
