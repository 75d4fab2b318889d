import { beforeAll, expect, it } from 'vitest';
import { simulateTrace, type BlockTrace, type TraceRequest } from '../src/analysis/index.js';
import { parseTraceText } from '../src/analysis/simulate/trace-request.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';

const TRACE = 'mooncake-traces/FAST25-release/traces/conversation_trace.jsonl';

interface PlainOutcome {
  hits: number[];
  evicted: number;
  expired: number;
}

/**
 * The replay the issue describes, written as plainly as possible and independently of
 * `BlockPrefixCache`: an object of block → (last use time, use order), a scan of every block for
 * expiry, and a scan for the least recently used block on every eviction. Quadratic, and obviously
 * right. Within one request the blocks are used last to first, so the head is the most recent.
 */
function plainReplay(requests: readonly TraceRequest[], capacity: number | null, ttlSeconds: number | null): PlainOutcome {
  const cache = new Map<number, { time: number; order: number }>();
  let clock = 0;
  let evicted = 0;
  let expired = 0;
  const hits: number[] = [];
  for (const request of requests) {
    if (ttlSeconds !== null) {
      for (const [id, entry] of [...cache]) {
        if (request.timestamp - entry.time >= ttlSeconds * 1000) {
          cache.delete(id);
          expired++;
        }
      }
    }
    let hit = 0;
    while (hit < request.hashIds.length && cache.has(request.hashIds[hit]!)) hit++;
    hits.push(hit);
    for (let index = request.hashIds.length - 1; index >= 0; index--) cache.set(request.hashIds[index]!, { time: request.timestamp, order: ++clock });
    while (capacity !== null && cache.size > capacity) {
      let oldest = -1;
      let oldestOrder = Infinity;
      for (const [id, entry] of cache) if (entry.order < oldestOrder) (oldest = id), (oldestOrder = entry.order);
      cache.delete(oldest);
      evicted++;
    }
  }
  return { hits, evicted, expired };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describeWithCorpus(TRACE, 'simulateTrace on the first 1,500 requests of the Mooncake conversation trace', () => {
  let slice: BlockTrace;

  beforeAll(() => {
    const lines = readCorpusText(TRACE).split('\n').slice(0, 1500);
    slice = parseTraceText(lines.join('\n'), 'conversation_trace.jsonl[0:1500]');
  });

  const CASES = [
    { capacity: null, ttl: null },
    { capacity: 400, ttl: null },
    { capacity: 1200, ttl: null },
    { capacity: null, ttl: 30 },
    { capacity: null, ttl: 120 },
    { capacity: 1500, ttl: 60 },
  ] as const;

  for (const { capacity, ttl } of CASES) {
    it(`hits, evictions and expiries equal a plain replay with capacity ${capacity ?? 'unbounded'} and TTL ${ttl ?? 'none'}`, () => {
      const result = simulateTrace(slice, { ...(capacity === null ? {} : { capacityBlocks: capacity }), ...(ttl === null ? {} : { ttlSeconds: ttl }) });
      const plain = plainReplay(slice.requests, capacity, ttl);
      expect(result.hitBlocksByRequest).toEqual(plain.hits);
      expect(result.hitBlocks).toBe(sum(plain.hits));
      expect(result.blocks).toBe(sum(slice.requests.map((request) => request.hashIds.length)));
      expect(result.hitRate).toBe(sum(plain.hits) / result.blocks);
      expect(result.evictedBlocks).toBe(plain.evicted);
      expect(result.expiredBlocks).toBe(plain.expired);
      // The series partitions the totals.
      expect(sum(result.series.map((point) => point.hitBlocks))).toBe(result.hitBlocks);
      expect(sum(result.series.map((point) => point.requests))).toBe(slice.requests.length);
    });
  }

  it('limits only ever lower the hit rate, and the slice has hits to lose', () => {
    const unbounded = simulateTrace(slice);
    const small = simulateTrace(slice, { capacityBlocks: 400 });
    const short = simulateTrace(slice, { ttlSeconds: 30 });
    expect(unbounded.hitBlocks).toBeGreaterThan(0);
    expect(unbounded.evictedBlocks + unbounded.expiredBlocks).toBe(0);
    expect(small.hitBlocks).toBeLessThan(unbounded.hitBlocks);
    expect(short.hitBlocks).toBeLessThan(unbounded.hitBlocks);
    expect(small.peakBlocks).toBe(400);
  });
});
