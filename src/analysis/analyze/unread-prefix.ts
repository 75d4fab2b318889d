import { groupDigits } from '../../prefix/group-digits.js';
import { SHARED_BEFORE_CHANGE, WHOLE_REQUEST_SHARED } from '../causes/cause-catalog.js';
import type { CachePolicy } from '../policies/cache-policy.js';
import { anthropicMinimumTokens } from '../anthropic/anthropic-policy.js';
import type { RequestAnalysis, SessionAnalysis, SessionTreeAnalysis } from '../result/session-analysis.js';

/*
 * A cause sentence says what two requests share; the policy says what of it is read. When they
 * disagree on their face ("all of that request is a shared prefix", predicted read 0), the row must
 * say why, or a reader takes one of them for a bug. The reasons are the policy's own documented
 * parameters, checked in the order a provider applies them: the entry expired (TTL), the shared
 * prefix is shorter than what the provider caches at all (minimum, unit, block), or, where only
 * explicit breakpoints are cached, the earlier request wrote nothing there.
 */

/** Tokens before the segment where `request` first differs, as its segments count them (a lower bound of what it shares). */
function sharedBefore(request: RequestAnalysis): number | undefined {
  const divergence = request.divergence;
  if (!divergence || divergence.kind === null || !request.segments) return undefined;
  let offset = 0;
  for (const segment of request.segments) {
    if (segment.kind === divergence.kind && segment.name === divergence.name) return Math.min(offset, request.tokens);
    offset += segment.tokens;
  }
  return undefined;
}

const seconds = (value: number) => (value % 60 === 0 ? `${groupDigits(value / 60)}-minute` : `${groupDigits(value)}-second`);

function findRequest(tree: SessionTreeAnalysis, against: { session: string; index: number }): RequestAnalysis | undefined {
  const session = tree.sessions.find((candidate: SessionAnalysis) => candidate.id === against.session || candidate.file === against.session);
  return session?.requests.find((request) => request.index === against.index);
}

/** Why `policy` reads none of what `request` shares with `earlier`, or undefined when its parameters do not tell. */
export function unreadReason(request: RequestAnalysis, earlier: RequestAnalysis | undefined, policy: CachePolicy, cause: string): string | undefined {
  const ttl = policy.parameters['ttlSeconds']?.value;
  if (ttl !== undefined && earlier?.time && request.time) {
    const age = (Date.parse(request.time) - Date.parse(earlier.time)) / 1000;
    if (age > ttl) return `request #${earlier.index} was sent ${groupDigits(Math.round(age))} s earlier, past the ${seconds(ttl)} TTL`;
  }
  const shared = WHOLE_REQUEST_SHARED.has(cause) && earlier ? Math.min(earlier.tokens, request.tokens) : sharedBefore(request);
  const label = `the ${policy.name} policy's`;
  const minimum = policy.name === 'anthropic' ? anthropicMinimumTokens(request.route.model) : policy.parameters['minimumTokens']?.value;
  if (shared !== undefined && minimum !== undefined && shared < minimum) return `the shared ${groupDigits(shared)} tokens are under ${label} ${groupDigits(minimum)}-token minimum`;
  const unit = policy.parameters['unit']?.value ?? policy.parameters['blockSize']?.value;
  if (shared !== undefined && unit !== undefined && shared < unit) return `the shared ${groupDigits(shared)} tokens are less than one of ${label} ${groupDigits(unit)}-token units`;
  if (policy.name === 'anthropic' && earlier && earlier.predicted.cacheWrite === 0) {
    return `request #${earlier.index} is predicted to write no cache entry: Anthropic stores a prefix only at a cache_control breakpoint at or past the model's ${groupDigits(minimum ?? 0)}-token minimum, and none was read from it`;
  }
  if (policy.name === 'anthropic') return `no cache_control breakpoint of an earlier request lies inside the shared prefix`;
  return undefined;
}

/**
 * The tree with a reason added to every cause sentence that claims a shared prefix (an extension,
 * an identical request, a task or history message after a shared head) on a row whose
 * predicted read is 0 ("…, but nothing is read: the shared 255 tokens are under the openai policy's
 * 1,024-token minimum"). Other rows are returned as they are.
 */
export function explainUnreadPrefixes(tree: SessionTreeAnalysis, policy: CachePolicy): SessionTreeAnalysis {
  let changed = false;
  const sessions = tree.sessions.map((session) => {
    const requests = session.requests.map((request) => {
      const divergence = request.divergence;
      if (divergence === null || request.predicted.cacheReadRange[1] > 0 || !(WHOLE_REQUEST_SHARED.has(divergence.cause) || SHARED_BEFORE_CHANGE.has(divergence.cause)) || divergence.against === null) return request;
      const earlier = findRequest(tree, divergence.against);
      const reason = unreadReason(request, earlier, policy, divergence.cause) ?? `the ${policy.name} policy reads none of it`;
      changed = true;
      return { ...request, divergence: { ...divergence, detail: `${divergence.detail}, but nothing is read: ${reason}` } };
    });
    return requests.some((request, index) => request !== session.requests[index]) ? { ...session, requests } : session;
  });
  return changed ? { ...tree, sessions } : tree;
}
