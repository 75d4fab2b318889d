import { createAnthropicPolicy } from '../anthropic/anthropic-policy.js';
import { costOf, type CachePolicy, type CacheUsage, type PriceTable } from '../policies/cache-policy.js';
import type { NotReplayed, RequestAnalysis, SessionTreeAnalysis } from '../result/session-analysis.js';
import { partCost } from '../claude-code/part-cost.js';

/**
 * The same requests replayed under the other TTL, against the replay as logged (`replayed`), or,
 * where nothing could be replayed again (`not-replayed`: old watch records), only why.
 */
export type TtlWhatIf = TtlReplayed | TtlNotReplayed;

/** A what-if whose requests were all unreplayable: no numbers, only how many and why. */
export interface TtlNotReplayed {
  readonly kind: 'not-replayed';
  readonly ttl: '1h';
  readonly notReplayed: NotReplayed;
}

/** The what-if over the requests that were replayed under both TTLs. */
export interface TtlReplayed {
  readonly kind: 'replayed';
  readonly ttl: '1h';
  /** Requests that could not be replayed (in none of the sums), with why; null when every one was. */
  readonly notReplayed: NotReplayed | null;
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

/** The children's requests as recorded (spawned) and replayed forked from their parent instead. */
export interface ForkWhatIf {
  /** Children replayed as forks. */
  readonly children: number;
  /** Their requests. */
  readonly requests: number;
  /** Tokens the forked children's requests send, as spawned and as forked. */
  readonly tokens: { readonly spawned: number; readonly forked: number };
  /** Predicted input-side cost of the whole tree (parent and children), as spawned and as forked. */
  readonly cost: { readonly spawned: number; readonly forked: number };
  readonly note: string;
}

/** The prices of a request's model in force when it was sent. */
const pricesOf = (request: RequestAnalysis, policy: CachePolicy): PriceTable => policy.pricesFor(request.route.model, request.time === null ? undefined : new Date(request.time));

const inputCost = (request: RequestAnalysis, policy: CachePolicy) => costOf(request.predicted, pricesOf(request, policy));

/** What a request's predicted writes cost: 5-minute and 1-hour parts at their rates. */
function writeCost(request: RequestAnalysis, policy: CachePolicy): number {
  const { cacheWrite, cacheWrite1h } = request.predicted;
  return partCost({ uncached: 0, cacheRead: 0, cacheWrite, ...(cacheWrite1h === undefined ? {} : { cacheWrite1h }) }, request.predicted, pricesOf(request, policy));
}

function* requestsOf(tree: SessionTreeAnalysis): Generator<RequestAnalysis> {
  for (const session of tree.sessions) yield* session.requests;
}

/**
 * Sets a tree replayed under one TTL beside the same tree replayed under another: both hold the same
 * requests in the same order (the replay was run twice on the same transcripts), so the sums compare
 * request for request. Costs are input-side: output is the same either way.
 */
export function ttlWhatIf(replayed: SessionTreeAnalysis, replayedPolicy: CachePolicy, alternative: SessionTreeAnalysis, alternativePolicy: CachePolicy): TtlWhatIf {
  const notReplayed = alternative.notReplayed ?? replayed.notReplayed;
  // A tree whose requests are as recorded on both sides compares nothing: it says so instead of equal sums.
  if (notReplayed !== undefined) return { kind: 'not-replayed', ttl: '1h', notReplayed };
  let requests = 0;
  let costReplayed = 0;
  let costAlternative = 0;
  let readReplayed = 0;
  let readAlternative = 0;
  let writeReplayed = 0;
  let writeAlternative = 0;
  for (const request of requestsOf(replayed)) {
    requests++;
    costReplayed += inputCost(request, replayedPolicy);
    readReplayed += request.predicted.cacheRead;
    writeReplayed += writeCost(request, replayedPolicy);
  }
  for (const request of requestsOf(alternative)) {
    costAlternative += inputCost(request, alternativePolicy);
    readAlternative += request.predicted.cacheRead;
    writeAlternative += writeCost(request, alternativePolicy);
  }
  return {
    kind: 'replayed',
    ttl: '1h',
    notReplayed: null,
    requests,
    cost: { replayed: costReplayed, alternative: costAlternative },
    saved: costReplayed - costAlternative,
    cacheRead: { replayed: readReplayed, alternative: readAlternative },
    writeCost: { replayed: writeReplayed, alternative: writeAlternative },
  };
}

/** The unreplayed requests of several what-ifs together, each reason once; null when there are none. */
function sumNotReplayed(parts: readonly NotReplayed[]): NotReplayed | null {
  if (parts.length === 0) return null;
  return { requests: parts.reduce((sum, part) => sum + part.requests, 0), reason: [...new Set(parts.map((part) => part.reason))].join('; ') };
}

/** TTL what-ifs of several trees summed: the replayed ones added up, the unreplayed ones counted beside them. */
export function sumTtlWhatIfs(whatIfs: readonly TtlWhatIf[]): TtlWhatIf | null {
  if (whatIfs.length === 0) return null;
  const notReplayed = sumNotReplayed(whatIfs.flatMap((whatIf) => (whatIf.notReplayed === null ? [] : [whatIf.notReplayed])));
  const replayed = whatIfs.filter((whatIf): whatIf is TtlReplayed => whatIf.kind === 'replayed');
  if (replayed.length === 0) return { kind: 'not-replayed', ttl: '1h', notReplayed: notReplayed! };
  const add = (pick: (whatIf: TtlReplayed) => number) => replayed.reduce((sum, whatIf) => sum + pick(whatIf), 0);
  return {
    kind: 'replayed',
    ttl: '1h',
    notReplayed,
    requests: add((w) => w.requests),
    cost: { replayed: add((w) => w.cost.replayed), alternative: add((w) => w.cost.alternative) },
    saved: add((w) => w.saved),
    cacheRead: { replayed: add((w) => w.cacheRead.replayed), alternative: add((w) => w.cacheRead.alternative) },
    writeCost: { replayed: add((w) => w.writeCost.replayed), alternative: add((w) => w.writeCost.alternative) },
  };
}

export const FORK_WHAT_IF_NOTE =
  "replayed: each subagent rebuilt as a fork of its parent's request at the moment it started (the parent's head and conversation in place of its own head, then its own conversation, on the parent's model) and the whole tree run again through the same replay and policy; costs are the whole tree's, input side";

/** The predicted input-side cost of every request of a tree. */
function treeCost(tree: SessionTreeAnalysis, policy: CachePolicy): number {
  let cost = 0;
  for (const request of requestsOf(tree)) cost += inputCost(request, policy);
  return cost;
}

/**
 * What forking the children instead of spawning them changed: the tree as replayed beside the same
 * tree replayed with the children in `forkedFiles` rebuilt as forks of their parent (`replayForked`).
 * Both hold the same requests, so the costs compare whole trees; tokens are the forked children's.
 */
export function forkWhatIf(spawned: SessionTreeAnalysis, forked: SessionTreeAnalysis, policy: CachePolicy, forkedFiles: ReadonlySet<string>): ForkWhatIf | null {
  let requests = 0;
  const tokens = { spawned: 0, forked: 0 };
  let children = 0;
  for (const session of spawned.sessions) {
    if (!forkedFiles.has(session.file)) continue;
    children++;
    requests += session.requests.length;
    for (const request of session.requests) tokens.spawned += request.tokens;
  }
  for (const session of forked.sessions) if (forkedFiles.has(session.file)) for (const request of session.requests) tokens.forked += request.tokens;
  if (children === 0 || requests === 0) return null;
  return { children, requests, tokens, cost: { spawned: treeCost(spawned, policy), forked: treeCost(forked, policy) }, note: FORK_WHAT_IF_NOTE };
}

/**
 * The subagents of a tree that `--fork` would replay as forks (`replayForked`): a Claude Code
 * child with requests whose first request was sent after a request of the root with logged usage
 * (the parent's request a fork would carry) and whose first request opens with its own head. A child
 * that started before its parent logged anything stays spawned there, so it is not offered here.
 */
export function forkableSubagents(tree: SessionTreeAnalysis): Set<string> {
  const forkable = new Set<string>();
  const [root, ...children] = tree.sessions;
  if (root === undefined || root.format !== 'claude-code') return forkable;
  const logged = root.requests.filter((request) => request.observed !== null && request.time !== null).map((request) => Date.parse(request.time!));
  const firstLogged = Math.min(...logged);
  for (const child of children) {
    const first = child.requests[0];
    if (child.format !== 'claude-code' || first === undefined || first.time === null) continue;
    // A sidechain written inside its parent's file (Claude Code 1.0.x) shares the parent's file, by
    // which the fork replay knows its children: it stays spawned there, so it is not offered.
    if (child.file === root.file) continue;
    const started = Math.min(...child.requests.flatMap((request) => (request.time === null ? [] : [Date.parse(request.time)])));
    const head = first.segments?.at(0);
    if (started >= firstLogged && (head === undefined || head.kind === 'system')) forkable.add(child.file);
  }
  return forkable;
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
 * The Anthropic rule under the 1-hour TTL, at the prices of the policy it replaces (user price files
 * included): every write is a 1-hour write, priced at that policy's 1-hour rate, or at the 1-hour
 * multiplier of its input price where it has none; reads unchanged.
 */
export function oneHourTtlPolicy(base: CachePolicy): CachePolicy {
  const hour = createAnthropicPolicy({ ttl: '1h' });
  const multiplier = hour.parameters['writeMultiplier']!.value;
  return {
    ...hour,
    pricesFor: (model, at) => {
      const prices = base.pricesFor(model, at);
      return prices.cacheWrite1h !== undefined ? prices : { ...prices, cacheWrite1h: prices.input * multiplier };
    },
  };
}
