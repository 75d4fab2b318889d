import { readTraceFile, simulateTrace, type BlockTrace, type SimulateTraceOptions } from '../src/analysis/index.js';
import { corpusPath } from './support/corpus.js';
import { mapLruReplay } from './support/map-lru-replay.js';
import { measurePair, type PairOptions } from './support/measure-pair.js';
import { toBenchResult, type BenchResult, type Scenario } from './support/scenario.js';

/*
 * `simulateTrace` over all 12,031 requests of the Mooncake conversation trace (288,500 block
 * lookups), unbounded and with a capacity and TTL that evict and expire, against the replay one
 * would first write: a Map whose insertion order is the LRU list. Goal: under 0.5 s per replay.
 */

const TRACE = ['mooncake-traces', 'FAST25-release', 'traces', 'conversation_trace.jsonl'] as const;
const MAX_MS = 500;
const TIMING: PairOptions = { rounds: 3, timeMs: 1500, iterations: 3, warmupIterations: 1 };

const VARIANTS: readonly { name: string; options: SimulateTraceOptions }[] = [
  { name: 'unbounded', options: {} },
  { name: 'capacity-20000-ttl-300', options: { capacityBlocks: 20_000, ttlSeconds: 300 } },
  { name: 'capacity-2000', options: { capacityBlocks: 2_000 } },
];

function baselineOf(trace: BlockTrace, options: SimulateTraceOptions) {
  return mapLruReplay(trace.requests, options.capacityBlocks ?? null, options.ttlSeconds === undefined ? null : options.ttlSeconds * 1000);
}

export const simulateTraceScenario: Scenario = {
  name: 'simulate-trace',
  description: 'simulateTrace over the 12,031-request Mooncake conversation trace vs a Map-as-LRU replay',
  async run(context) {
    const file = corpusPath(...TRACE);
    const trace = await readTraceFile(file, { label: TRACE.at(-1)! });
    const results: BenchResult[] = [];
    for (const variant of VARIANTS) {
      const ours = simulateTrace(trace, variant.options);
      const theirs = baselineOf(trace, variant.options);
      if (ours.hitBlocks !== theirs.hitBlocks || ours.evictedBlocks !== theirs.evicted || ours.expiredBlocks !== theirs.expired) {
        throw new Error(`simulate-trace/${variant.name}: simulateTrace finds ${ours.hitBlocks} hits, ${ours.evictedBlocks} evicted, ${ours.expiredBlocks} expired; the Map replay ${theirs.hitBlocks}, ${theirs.evicted}, ${theirs.expired}`);
      }
      context.log(`simulate-trace/${variant.name}: ${ours.requests} requests, ${ours.hitBlocks} of ${ours.blocks} blocks hit (${(100 * ours.hitRate).toFixed(1)}%), ${ours.evictedBlocks} evicted, ${ours.expiredBlocks} expired (both replays agree)`);
      const timing = await measurePair(() => simulateTrace(trace, variant.options), () => baselineOf(trace, variant.options), TIMING);
      const details = { requests: ours.requests, blocks: ours.blocks, hitBlocks: ours.hitBlocks, hitRate: ours.hitRate, evictedBlocks: ours.evictedBlocks, expiredBlocks: ours.expiredBlocks };
      results.push(
        toBenchResult(
          { name: `simulate-trace/${variant.name}`, scenario: 'simulate-trace', subject: 'simulateTrace(trace, options) on the parsed trace', baselineName: 'Map-as-LRU replay (delete and re-insert on every use)', goal: null, maxMs: MAX_MS, details },
          timing.ours,
          timing.baseline,
        ),
      );
    }
    context.log('simulate-trace/from-file: read, parse and replay');
    const options = VARIANTS[1]!.options;
    const fromFile = await measurePair(
      async () => simulateTrace(await readTraceFile(file), options),
      async () => baselineOf(await readTraceFile(file), options),
      TIMING,
    );
    results.push(
      toBenchResult(
        { name: 'simulate-trace/from-file', scenario: 'simulate-trace', subject: 'readTraceFile + simulateTrace (capacity 20000, TTL 300 s)', baselineName: 'readTraceFile + Map-as-LRU replay', goal: null, maxMs: MAX_MS, details: { requests: trace.requests.length } },
        fromFile.ours,
        fromFile.baseline,
      ),
    );
    return results;
  },
};
