import { createAnthropicPolicy } from '../policies/anthropic.js';
import { costOf, type CachePolicy, type CacheUsage } from '../policies/cache-policy.js';
import type { RequestAnalysis, SessionTreeAnalysis } from '../replay/session-analysis.js';

/** The same requests replayed under the other TTL, against the replay as logged. */
export interface TtlWhatIf {
  readonly ttl: '1h';
  readonly requests: number;
  /** Predicted cache cost (input side: uncached, read, written) as replayed, and under the other TTL. */
  readonly cost: { readonly replayed: number; readonly alternative: number };
  /** Replayed less alternative: what the other TTL would have saved (negative: it costs more). */
  readonly saved: number;
  /** Tokens read from the cache, as replayed and under the other TTL. */
  readonly cacheRead: { readonly replayed: number; readonly alternative: number };
  /** What the writes cost, as replayed and under the other TTL (1-hour writes are dearer). */
  readonly writeCost: { readonly replayed: number; readonly alternative: number };
}

/** The children's requests as recorded (spawned) and forked from their parent instead. */
export interface ForkWhatIf {
  readonly children: number;
  readonly requests: number;
  /** Tokens the children's requests send, as recorded and forked. */
  readonly tokens: { readonly spawned: number; readonly forked: number };
  /** Predicted input-side cost, as recorded and forked. */
  readonly cost: { readonly spawned: number; readonly forked: number };
  readonly note: string;
}

const inputCost = (usage: CacheUsage, policy: CachePolicy, model: string) => costOf(usage, policy.pricesFor(model));

function* requestsOf(tree: SessionTreeAnalysis): Generator<RequestAnalysis> {
  for (const session of tree.sessions) yield* session.requests;
}

/**
 * Sets a tree replayed under one TTL beside the same tree replayed under another: both hold the same
 * requests in the same order (the replay was run twice on the same transcripts), so the sums compare
 * request for request. Costs are input-side: output is the same either way.
 */
export function ttlWhatIf(replayed: SessionTreeAnalysis, replayedPolicy: CachePolicy, alternative: SessionTreeAnalysis, alternativePolicy: CachePolicy): TtlWhatIf {
  let requests = 0;
  let costReplayed = 0;
  let costAlternative = 0;
  let readReplayed = 0;
  let readAlternative = 0;
  let writeReplayed = 0;
  let writeAlternative = 0;
  for (const request of requestsOf(replayed)) {
    requests++;
    costReplayed += inputCost(request.predicted, replayedPolicy, request.route.model);
    readReplayed += request.predicted.cacheRead;
    writeReplayed += inputCost({ uncached: 0, cacheRead: 0, cacheWrite: request.predicted.cacheWrite }, replayedPolicy, request.route.model);
  }
  for (const request of requestsOf(alternative)) {
    costAlternative += inputCost(request.predicted, alternativePolicy, request.route.model);
    readAlternative += request.predicted.cacheRead;
    writeAlternative += inputCost({ uncached: 0, cacheRead: 0, cacheWrite: request.predicted.cacheWrite }, alternativePolicy, request.route.model);
  }
  return {
    ttl: '1h',
    requests,
    cost: { replayed: costReplayed, alternative: costAlternative },
    saved: costReplayed - costAlternative,
    cacheRead: { replayed: readReplayed, alternative: readAlternative },
    writeCost: { replayed: writeReplayed, alternative: writeAlternative },
  };
}

/** TTL what-ifs of several trees summed. */
export function sumTtlWhatIfs(whatIfs: readonly TtlWhatIf[]): TtlWhatIf | null {
  if (whatIfs.length === 0) return null;
  const add = (pick: (whatIf: TtlWhatIf) => number) => whatIfs.reduce((sum, whatIf) => sum + pick(whatIf), 0);
  return {
    ttl: '1h',
    requests: add((w) => w.requests),
    cost: { replayed: add((w) => w.cost.replayed), alternative: add((w) => w.cost.alternative) },
    saved: add((w) => w.saved),
    cacheRead: { replayed: add((w) => w.cacheRead.replayed), alternative: add((w) => w.cacheRead.alternative) },
    writeCost: { replayed: add((w) => w.writeCost.replayed), alternative: add((w) => w.writeCost.alternative) },
  };
}

export const FORK_WHAT_IF_NOTE =
  "estimated on the replay's predictions, not replayed: each child request carries the root session's context when the child started (its last request before) in place of the child's own head; that context is read, not written, when the root sent it within the TTL";

/**
 * What forking the children instead of spawning them would have changed. A forked child's request is
 * the parent's context at the moment it started, then the child's own messages: the child's head
 * (tools and system prompt, its first segment) is replaced by the parent's whole prefix. Each child
 * request's predicted read and write are shifted by that swap; uncached tokens stay. Null for a tree
 * without children, or whose children carry no segments to find their head in.
 */
export function forkWhatIf(tree: SessionTreeAnalysis, policy: CachePolicy): ForkWhatIf | null {
  const root = tree.sessions[0];
  const children = tree.sessions.filter((session) => session.parentSession !== null && session.requests.length > 0);
  if (root === undefined || children.length === 0) return null;
  const ttlSeconds = policy.parameters['ttlSeconds']?.value ?? 300;
  let requests = 0;
  let counted = 0;
  const tokens = { spawned: 0, forked: 0 };
  const cost = { spawned: 0, forked: 0 };
  for (const child of children) {
    const first = child.requests[0]!;
    const head = first.segments?.at(0);
    if (head === undefined || head.kind !== 'system' || first.time === null) continue;
    const started = Date.parse(first.time);
    const parent = root.requests.filter((request) => request.time !== null && Date.parse(request.time) <= started).at(-1);
    if (parent === undefined) continue;
    counted++;
    const context = parent.tokens;
    const warm = (started - Date.parse(parent.time!)) / 1000 <= ttlSeconds;
    child.requests.forEach((request, at) => {
      requests++;
      const headRead = Math.min(request.predicted.cacheRead, head.tokens);
      const headWritten = Math.min(request.predicted.cacheWrite, head.tokens - headRead);
      const forked: CacheUsage = {
        uncached: request.predicted.uncached,
        // The first forked request reads the parent's context if it is still live, and writes it otherwise; later ones read it.
        cacheRead: request.predicted.cacheRead - headRead + (at > 0 || warm ? context : 0),
        cacheWrite: request.predicted.cacheWrite - headWritten + (at === 0 && !warm ? context : 0),
      };
      tokens.spawned += request.tokens;
      tokens.forked += request.tokens - head.tokens + context;
      cost.spawned += inputCost(request.predicted, policy, request.route.model);
      cost.forked += inputCost(forked, policy, request.route.model);
    });
  }
  if (counted === 0) return null;
  return { children: counted, requests, tokens, cost, note: FORK_WHAT_IF_NOTE };
}

/** Fork what-ifs of several trees summed. */
export function sumForkWhatIfs(whatIfs: readonly ForkWhatIf[]): ForkWhatIf | null {
  if (whatIfs.length === 0) return null;
  const add = (pick: (whatIf: ForkWhatIf) => number) => whatIfs.reduce((sum, whatIf) => sum + pick(whatIf), 0);
  return {
    children: add((w) => w.children),
    requests: add((w) => w.requests),
    tokens: { spawned: add((w) => w.tokens.spawned), forked: add((w) => w.tokens.forked) },
    cost: { spawned: add((w) => w.cost.spawned), forked: add((w) => w.cost.forked) },
    note: FORK_WHAT_IF_NOTE,
  };
}

/**
 * The Anthropic rule under the 1-hour TTL, at the prices of the policy it replaces: writes at the
 * 1-hour multiplier of that policy's input price (user price files included), reads unchanged.
 */
export function oneHourTtlPolicy(base: CachePolicy): CachePolicy {
  const hour = createAnthropicPolicy({ ttl: '1h' });
  const multiplier = hour.parameters['writeMultiplier']!.value;
  return { ...hour, pricesFor: (model) => {
    const prices = base.pricesFor(model);
    return { ...prices, cacheWrite: prices.input * multiplier };
  } };
}
