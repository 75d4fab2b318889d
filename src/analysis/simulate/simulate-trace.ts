import { UsageError } from '../../prefix/index.js';
import type { CachePolicy } from '../policies/cache-policy.js';
import { BlockPrefixCache } from './block-prefix-cache.js';
import { defaultBucketSeconds, HitRateSeries, type SeriesPoint } from './hit-rate-series.js';
import { PolicyAccount, type PolicyTotals } from './policy-account.js';
import type { BlockTrace, TraceRequest } from './trace-request.js';

/** Tokens per block in the Mooncake traces (their README: "The block size is 512 tokens"). */
export const MOONCAKE_BLOCK_TOKENS = 512;

/** How to replay a trace. Every limit is optional: without `capacityBlocks` the cache is unbounded, without `ttlSeconds` blocks never expire. */
export interface SimulateTraceOptions {
  readonly capacityBlocks?: number;
  readonly ttlSeconds?: number;
  /** Tokens per block of the trace's hash ids (default 512, the Mooncake block). */
  readonly blockTokens?: number;
  /** Width of one point of the hit-rate series (default: a round width giving at most 60 points). */
  readonly bucketSeconds?: number;
  /** A provider's cache policy to bill the hits with (tokens read, written, uncached, cost). */
  readonly policy?: CachePolicy;
  /** The model whose prices the policy uses (required with `policy`). */
  readonly model?: string;
}

/** The settings a replay ran with, defaults filled in. */
export interface SimulationSettings {
  readonly capacityBlocks: number | null;
  readonly ttlSeconds: number | null;
  readonly blockTokens: number;
  readonly bucketSeconds: number;
}

/** The result of replaying a trace through a block prefix cache. */
export interface SimulationResult {
  readonly source: string;
  readonly settings: SimulationSettings;
  readonly requests: number;
  /** Blocks requested, summed over requests. */
  readonly blocks: number;
  /** Blocks served from the cache: each request's leading run of cached blocks. */
  readonly hitBlocks: number;
  /** `hitBlocks / blocks` (0 for a trace with no blocks). */
  readonly hitRate: number;
  readonly inputTokens: number;
  /** Input tokens in the hit blocks (`hitBlocks × blockTokens`, capped at each request's input length). */
  readonly hitTokens: number;
  readonly tokenHitRate: number;
  /** Blocks dropped to stay within capacity. */
  readonly evictedBlocks: number;
  /** Blocks dropped because they went unused for the TTL. */
  readonly expiredBlocks: number;
  /** Most blocks the cache held at once (the capacity an unbounded run would have needed). */
  readonly peakBlocks: number;
  /** Time from the first to the last arrival. */
  readonly durationSeconds: number;
  readonly series: readonly SeriesPoint[];
  /** The policy's billing of the hits, when a policy was given. */
  readonly policy: PolicyTotals | null;
  /** Hit blocks of each request, in the trace's order. */
  readonly hitBlocksByRequest: readonly number[];
}

function positive(name: string, value: number | undefined, integer: boolean): number | undefined {
  if (value === undefined) return undefined;
  if (!(value > 0) || !Number.isFinite(value) || (integer && !Number.isSafeInteger(value))) {
    throw new UsageError('usage/bad-simulation-option', `${name} must be a positive ${integer ? 'integer' : 'number'}, got ${value}`);
  }
  return value;
}

/** Indices of the requests in arrival order; file order when it is already (the released traces are). */
function arrivalOrder(requests: readonly TraceRequest[]): number[] {
  const order = requests.map((_, index) => index);
  const sorted = requests.every((request, index) => index === 0 || request.timestamp >= requests[index - 1]!.timestamp);
  // Array.prototype.sort is stable, so requests with the same timestamp keep their file order.
  return sorted ? order : order.sort((a, b) => requests[a]!.timestamp - requests[b]!.timestamp);
}

/**
 * Replays a block-hash trace through a prefix cache with LRU eviction and a TTL. Each request, at its
 * arrival time: blocks whose TTL ran out are dropped; the request hits the leading run of its blocks
 * that are cached (the first missing block ends the hit, as in every prefix cache); then all its
 * blocks are stored or refreshed, and the least recently used blocks are evicted while the cache
 * holds more than its capacity.
 */
export function simulateTrace(trace: BlockTrace, options: SimulateTraceOptions = {}): SimulationResult {
  const capacityBlocks = positive('capacity', options.capacityBlocks, true);
  const ttlSeconds = positive('ttl', options.ttlSeconds, false);
  const blockTokens = positive('block tokens', options.blockTokens, true) ?? MOONCAKE_BLOCK_TOKENS;
  if (options.policy && options.model === undefined) throw new UsageError('usage/missing-model', `the ${options.policy.name} policy needs a model to price the requests`);
  const { requests } = trace;
  const order = arrivalOrder(requests);
  const first = requests[order[0] ?? 0]?.timestamp ?? 0;
  const last = requests[order[order.length - 1] ?? 0]?.timestamp ?? 0;
  const durationSeconds = (last - first) / 1000;
  const bucketSeconds = positive('bucket', options.bucketSeconds, false) ?? defaultBucketSeconds(durationSeconds);

  const cache = new BlockPrefixCache({
    ...(capacityBlocks === undefined ? {} : { capacityBlocks }),
    ...(ttlSeconds === undefined ? {} : { ttlMs: ttlSeconds * 1000 }),
  });
  const series = new HitRateSeries(bucketSeconds);
  const account = options.policy ? new PolicyAccount(options.policy, options.model!) : null;
  const hitBlocksByRequest = new Array<number>(requests.length).fill(0);
  let blocks = 0;
  let hitBlocks = 0;
  let inputTokens = 0;
  let hitTokens = 0;

  for (const index of order) {
    const request = requests[index]!;
    cache.advanceTo(request.timestamp);
    const hit = cache.leadingHit(request.hashIds);
    cache.store(request.hashIds);
    const tokens = Math.min(hit.blocks * blockTokens, request.inputLength);
    hitBlocksByRequest[index] = hit.blocks;
    blocks += request.hashIds.length;
    hitBlocks += hit.blocks;
    inputTokens += request.inputLength;
    hitTokens += tokens;
    series.add(request.timestamp - first, request.hashIds.length, hit.blocks);
    account?.add(request.inputLength, tokens, hit.oldestUse === null ? 0 : (request.timestamp - hit.oldestUse) / 1000, request.outputLength);
  }

  return {
    source: trace.source,
    settings: { capacityBlocks: capacityBlocks ?? null, ttlSeconds: ttlSeconds ?? null, blockTokens, bucketSeconds },
    requests: requests.length,
    blocks,
    hitBlocks,
    hitRate: blocks === 0 ? 0 : hitBlocks / blocks,
    inputTokens,
    hitTokens,
    tokenHitRate: inputTokens === 0 ? 0 : hitTokens / inputTokens,
    evictedBlocks: cache.evictedBlocks,
    expiredBlocks: cache.expiredBlocks,
    peakBlocks: cache.peakBlocks,
    durationSeconds,
    series: series.points(),
    policy: account?.totals() ?? null,
    hitBlocksByRequest,
  };
}
