import { describe, expect, it } from 'vitest';
import { simulateTrace, type TraceRequest } from '../src/analysis/index.js';
import { BlockPrefixCache } from '../src/analysis/simulate/block-prefix-cache.js';

/** Invented requests for the edge cases the real trace does not isolate; times in seconds for reading ease. */
const request = (seconds: number, hashIds: number[], inputLength = hashIds.length * 512): TraceRequest => ({ timestamp: seconds * 1000, inputLength, outputLength: 10, hashIds });
const trace = (...requests: TraceRequest[]) => ({ source: 'invented', requests });

describe('block prefix cache rules', () => {
  it('a hit ends at the first missing block even when later blocks are cached', () => {
    const result = simulateTrace(trace(request(0, [1, 2, 3]), request(1, [1, 9, 3])));
    expect(result.hitBlocksByRequest).toEqual([0, 1]);
  });

  it('a block is live for less than the TTL after its last use, and a hit refreshes it', () => {
    const result = simulateTrace(trace(request(0, [1]), request(9, [1]), request(18, [1]), request(28, [1])), { ttlSeconds: 10 });
    expect(result.hitBlocksByRequest).toEqual([0, 1, 1, 0]);
    expect(result.expiredBlocks).toBe(1);
  });

  it('over capacity evicts the least recently used, and within one request the tail before the head', () => {
    const cache = new BlockPrefixCache({ capacityBlocks: 3 });
    cache.advanceTo(0);
    cache.store([1, 2]);
    cache.advanceTo(1);
    cache.store([3, 4]);
    // [1, 2] is older than [3, 4]; of [1, 2] the tail 2 goes first.
    expect(cache.leadingHit([1])).toEqual({ blocks: 1, oldestUse: 0 });
    expect(cache.leadingHit([2]).blocks).toBe(0);
    expect(cache.evictedBlocks).toBe(1);
    expect(cache.size).toBe(3);
  });

  it('hit tokens stop at the input length: the last block of a request is partial', () => {
    const result = simulateTrace(trace(request(0, [1, 2], 700), request(1, [1, 2], 700)));
    expect(result.hitBlocks).toBe(2);
    expect(result.hitTokens).toBe(700);
    expect(result.tokenHitRate).toBe(0.5);
  });

  it('replays in arrival order when the file is not, keeping the file order of the results', () => {
    const result = simulateTrace(trace(request(5, [1, 2]), request(0, [1])));
    expect(result.hitBlocksByRequest).toEqual([1, 0]);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => simulateTrace(trace(request(0, [1])), { capacityBlocks: 0 })).toThrow(/capacity must be a positive integer, got 0/);
  });
});
