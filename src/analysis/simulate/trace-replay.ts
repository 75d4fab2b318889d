import { InputError, UsageError } from '../../prefix/index.js';
import { groupDigits } from '../../prefix/group-digits.js';
import type { CachePolicy } from '../policies/cache-policy.js';
import { BlockPrefixCache } from './block-prefix-cache.js';
import { HitRateSeries, type SeriesPoint } from './hit-rate-series.js';
import { PolicyAccount, type PolicyTotals } from './policy-account.js';
import { RepeatedIdCheck } from './repeated-id-check.js';
import type { TraceRequest } from './trace-request.js';

/** Tokens per block in the Mooncake traces (their README: "The block size is 512 tokens"). */
export const MOONCAKE_BLOCK_TOKENS = 512;

/** How to replay a trace. Every limit is optional: without `capacityBlocks` the cache is unbounded, without `ttlSeconds` blocks never expire. */
export interface SimulateTraceOptions {
  readonly capacityBlocks?: number;
  readonly ttlSeconds?: number;
  /** Tokens per block of the trace's hash ids (default 512, the Mooncake block). */
  readonly blockTokens?: number;
  /** Width of one point of the hit-rate series (default: a round width giving at most 60 points; at most 10,000 points either way). */
  readonly bucketSeconds?: number;
  /** A provider's cache policy to bill the hits with (tokens read, written, uncached, cost). */
  readonly policy?: CachePolicy;
  /** The model whose prices the policy uses (required with `policy`; a model the policy has no price for is refused). */
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
  /** What in the trace looked inconsistent but was replayed as given (input lengths that disagree with the block count). */
  readonly warnings: readonly string[];
}

/** Where a request came from, for errors and warnings: a file line, or its index in an in-memory trace. */
export type RequestPlace = { readonly line: number } | { readonly index: number };

function positive(name: string, value: number | undefined, integer: boolean): number | undefined {
  if (value === undefined) return undefined;
  if (!(value > 0) || !Number.isFinite(value) || (integer && !Number.isSafeInteger(value))) {
    throw new UsageError('usage/bad-simulation-option', `${name} must be a positive ${integer ? 'integer' : 'number'}, got ${value}`);
  }
  return value;
}

function placeText(place: RequestPlace): string {
  return 'line' in place ? `line ${groupDigits(place.line)}` : `request #${place.index}`;
}

/**
 * Replays block-hash trace requests one at a time, in arrival order, through a prefix cache with LRU
 * eviction and a TTL. Each request, at its arrival time: blocks whose TTL ran out are dropped; the
 * request hits the leading run of its blocks that are cached (the first missing block ends the hit,
 * as in every prefix cache); then all its blocks are stored or refreshed, and the least recently
 * used blocks are evicted while the cache holds more than its capacity.
 *
 * Nothing per request is kept: memory follows the blocks the cache holds, not the trace's length,
 * so a trace can be streamed through it line by line.
 */
export class TraceReplay {
  readonly #source: string;
  readonly #capacityBlocks: number | undefined;
  readonly #ttlSeconds: number | undefined;
  readonly #blockTokens: number;
  readonly #cache: BlockPrefixCache;
  readonly #series: HitRateSeries;
  readonly #account: PolicyAccount | null;
  /** For a policy that reads only at earlier breakpoints: each request's last block id → its input length. */
  readonly #ends: Map<number, number> | null;
  readonly #repeated = new RepeatedIdCheck();
  #first: number | null = null;
  #last = 0;
  #requests = 0;
  #blocks = 0;
  #hitBlocks = 0;
  #inputTokens = 0;
  #hitTokens = 0;
  #lengthMismatches = 0;
  #firstMismatch = '';

  constructor(source: string, options: SimulateTraceOptions = {}) {
    this.#source = source;
    this.#capacityBlocks = positive('capacity', options.capacityBlocks, true);
    this.#ttlSeconds = positive('ttl', options.ttlSeconds, false);
    this.#blockTokens = positive('block tokens', options.blockTokens, true) ?? MOONCAKE_BLOCK_TOKENS;
    const bucketSeconds = positive('bucket', options.bucketSeconds, false);
    if (options.policy && options.model === undefined) throw new UsageError('usage/missing-model', `the ${options.policy.name} policy needs a model to price the requests`);
    this.#cache = new BlockPrefixCache({
      ...(this.#capacityBlocks === undefined ? {} : { capacityBlocks: this.#capacityBlocks }),
      ...(this.#ttlSeconds === undefined ? {} : { ttlMs: this.#ttlSeconds * 1000 }),
    });
    this.#series = new HitRateSeries(bucketSeconds);
    this.#account = options.policy ? new PolicyAccount(options.policy, options.model!) : null;
    this.#ends = this.#account?.needsEarlierEnds ? new Map() : null;
  }

  /**
   * Replays the next request and returns how many of its blocks hit. An InputError (naming
   * `place`) when it arrives before the previous request or repeats a block id: hash ids chain the
   * whole prefix, so one request cannot hold the same block twice.
   */
  add(request: TraceRequest, place: RequestPlace): number {
    const { timestamp, hashIds, inputLength } = request;
    if (this.#first !== null && timestamp < this.#last) {
      throw new InputError('input/trace-order', `${placeText(place)} arrives at ${timestamp} ms, before the request before it (${this.#last} ms): requests must be in arrival order`, this.#where(place));
    }
    this.#checkBlocks(request, place);
    this.#first ??= timestamp;
    this.#last = timestamp;
    const cache = this.#cache;
    cache.advanceTo(timestamp);
    const hit = cache.leadingHit(hashIds);
    cache.store(hashIds);
    const hitTokens = Math.min(hit.blocks * this.#blockTokens, inputLength);
    this.#requests++;
    this.#blocks += hashIds.length;
    this.#hitBlocks += hit.blocks;
    this.#inputTokens += inputLength;
    this.#hitTokens += hitTokens;
    this.#series.add(timestamp - this.#first, hashIds.length, hit.blocks);
    if (this.#account) {
      const earlierEnds: number[] = [];
      if (this.#ends) {
        for (let index = 0; index < hit.blocks; index++) {
          const end = this.#ends.get(hashIds[index]!);
          if (end !== undefined && end <= hitTokens) earlierEnds.push(end);
        }
        if (hashIds.length > 0) this.#ends.set(hashIds[hashIds.length - 1]!, inputLength);
      }
      const ageSeconds = hit.oldestUse === null ? 0 : (timestamp - hit.oldestUse) / 1000;
      this.#account.add({ inputTokens: inputLength, hitTokens, ageSeconds, outputTokens: request.outputLength, earlierEnds });
    }
    return hit.blocks;
  }

  /** Refuses a repeated block id; counts an input length that needs another number of blocks. */
  /** Where an error points: built only for an error, not for each of a trace's requests. */
  #where(place: RequestPlace): { source: string; line?: number } {
    return { source: this.#source, ...('line' in place ? { line: place.line } : {}) };
  }

  #checkBlocks(request: TraceRequest, place: RequestPlace): void {
    const id = this.#repeated.firstRepeated(request.hashIds);
    if (id !== undefined) throw new InputError('input/repeated-block', `${placeText(place)}: block id ${id} appears twice in hash_ids; a prefix block id stands for everything before it, so it cannot repeat within a request`, this.#where(place));
    const needed = Math.ceil(request.inputLength / this.#blockTokens);
    if (needed !== request.hashIds.length) {
      if (this.#lengthMismatches === 0) {
        this.#firstMismatch = `${placeText(place)}: input_length ${groupDigits(request.inputLength)} fills ${groupDigits(needed)} blocks of ${groupDigits(this.#blockTokens)} tokens, hash_ids holds ${groupDigits(request.hashIds.length)}`;
      }
      this.#lengthMismatches++;
    }
  }

  /** Requests replayed so far. */
  get requests(): number {
    return this.#requests;
  }

  /** The totals so far (call after the last request). */
  result(): SimulationResult {
    const durationSeconds = (this.#last - (this.#first ?? 0)) / 1000;
    const series = this.#series.points(durationSeconds);
    const warnings =
      this.#lengthMismatches === 0
        ? []
        : [
            `${groupDigits(this.#lengthMismatches)} of ${groupDigits(this.#requests)} requests have an input_length that disagrees with their number of hash ids (first: ${this.#firstMismatch}); replayed as given, hit tokens capped at input_length (is --block-tokens ${this.#blockTokens} the trace's block size?)`,
          ];
    return {
      source: this.#source,
      settings: { capacityBlocks: this.#capacityBlocks ?? null, ttlSeconds: this.#ttlSeconds ?? null, blockTokens: this.#blockTokens, bucketSeconds: this.#series.bucketSeconds },
      requests: this.#requests,
      blocks: this.#blocks,
      hitBlocks: this.#hitBlocks,
      hitRate: this.#blocks === 0 ? 0 : this.#hitBlocks / this.#blocks,
      inputTokens: this.#inputTokens,
      hitTokens: this.#hitTokens,
      tokenHitRate: this.#inputTokens === 0 ? 0 : this.#hitTokens / this.#inputTokens,
      evictedBlocks: this.#cache.evictedBlocks,
      expiredBlocks: this.#cache.expiredBlocks,
      peakBlocks: this.#cache.peakBlocks,
      durationSeconds,
      series,
      policy: this.#account?.totals() ?? null,
      warnings,
    };
  }
}
