import type { TraceRequest } from '../../src/analysis/index.js';

/**
 * The replay as one would first write it in JavaScript: a Map of block → last use, whose insertion
 * order serves as the LRU list (every use deletes and re-inserts the block), expiry and eviction
 * taking from the front of a fresh iterator. The same rules as `simulateTrace` (a hit is the leading
 * run of cached blocks; a request's blocks are used last to first); the bench fails unless both find
 * the same hits, evictions and expiries.
 */
export function mapLruReplay(requests: readonly TraceRequest[], capacity: number | null, ttlMs: number | null): { hitBlocks: number; evicted: number; expired: number } {
  const lastUse = new Map<number, number>();
  let hitBlocks = 0;
  let evicted = 0;
  let expired = 0;
  for (const request of requests) {
    if (ttlMs !== null) {
      for (const [id, time] of lastUse) {
        if (request.timestamp - time < ttlMs) break;
        lastUse.delete(id);
        expired++;
      }
    }
    let hit = 0;
    while (hit < request.hashIds.length && lastUse.has(request.hashIds[hit]!)) hit++;
    hitBlocks += hit;
    for (let index = request.hashIds.length - 1; index >= 0; index--) {
      lastUse.delete(request.hashIds[index]!);
      lastUse.set(request.hashIds[index]!, request.timestamp);
    }
    if (capacity !== null) {
      for (const id of lastUse.keys()) {
        if (lastUse.size <= capacity) break;
        lastUse.delete(id);
        evicted++;
      }
    }
  }
  return { hitBlocks, evicted, expired };
}
