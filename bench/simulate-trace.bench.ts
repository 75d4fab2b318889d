import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { readTraceFile, simulateTrace, type BlockTrace, type SimulateTraceOptions } from '../src/analysis/index.js';
import { measureRssInChild, type RssReport } from './support/measure-rss.js';
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

/*
 * Streaming (issue 16 §7): `simulateTraceFile` on the trace and on the trace repeated 50 times (each
 * copy's timestamps shifted past the one before, 601,550 requests, 151 MB), each replay in a process
 * of its own, three runs each. Goals: peak RSS at 50× under 150 MiB (the in-memory replay held
 * about 6× the trace), and time linear: the 50× replay takes at most 1.25× fifty 1× replays (the
 * ratio is 50 × median 1× / median 50×, goal 0.8). Times are the replay's own (start-up excluded).
 */
const COPIES = 50;
const STREAM_RUNS = 3;
const MAX_PEAK_RSS_MIB = 150;
const LINEAR_GOAL = 0.8;

interface StreamReport extends RssReport {
  readonly elapsedMs: number;
  readonly cpuMs: number;
  readonly requests: number;
  readonly hitBlocks: number;
}

/** Writes the trace `copies` times into `target`, each copy's timestamps moved past the end of the one before. */
async function repeatTrace(source: string, target: string, copies: number): Promise<void> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: createReadStream(source) })) if (line.trim() !== '') lines.push(line);
  const stamps = lines.map((line) => (JSON.parse(line) as { timestamp: number }).timestamp);
  const span = Math.max(...stamps) + 1000;
  const out = createWriteStream(target);
  for (let copy = 0; copy < copies; copy++) {
    for (const [index, line] of lines.entries()) {
      if (!out.write(`${line.replace(/"timestamp":\s*\d+/, `"timestamp": ${stamps[index]! + copy * span}`)}\n`)) await once(out, 'drain');
    }
  }
  out.end();
  await once(out, 'finish');
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function streamRuns(file: string): StreamReport[] {
  return Array.from({ length: STREAM_RUNS }, () => measureRssInChild('bench/simulate-trace-stream.child.ts', file) as StreamReport);
}

async function streamedResults(file: string, log: (line: string) => void): Promise<BenchResult[]> {
  const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-bench-simulate-'));
  try {
    const repeated = path.join(folder, `conversation_trace.x${COPIES}.jsonl`);
    await repeatTrace(file, repeated, COPIES);
    log(`simulate-trace/streamed: ${STREAM_RUNS} runs at 1x and ${COPIES}x, each in a child process`);
    const once1 = streamRuns(file);
    const onceN = streamRuns(repeated);
    const timing = (runs: StreamReport[]) => ({ medianMs: median(runs.map((run) => run.elapsedMs)), samples: runs.length });
    const peak = (runs: StreamReport[]) => Math.max(...runs.map((run) => run.peak));
    const round = (value: number) => Math.round(value * 10) / 10;
    const details = (runs: StreamReport[]) => ({
      requests: runs[0]!.requests,
      hitBlocks: runs[0]!.hitBlocks,
      peakRssMiB: round(peak(runs)),
      cpuMsMedian: round(median(runs.map((run) => run.cpuMs))),
      rssAfterMiB: round(median(runs.map((run) => run.phases['replayed']!.rss))),
    });
    const one = timing(once1);
    const many = timing(onceN);
    const base = toBenchResult(
      { name: 'simulate-trace/streamed-1x', scenario: 'simulate-trace', subject: 'simulateTraceFile (unbounded), a fresh process', baselineName: 'itself', goal: null, details: details(once1) },
      one,
      one,
    );
    const scaled = toBenchResult(
      {
        name: `simulate-trace/streamed-${COPIES}x`,
        scenario: 'simulate-trace',
        subject: `simulateTraceFile (unbounded) on the trace repeated ${COPIES} times, a fresh process`,
        baselineName: `${COPIES} x the median 1x replay (linear time)`,
        goal: LINEAR_GOAL,
        details: { ...details(onceN), maxPeakRssMiB: MAX_PEAK_RSS_MIB, underPeakRss: peak(onceN) < MAX_PEAK_RSS_MIB },
      },
      many,
      { medianMs: one.medianMs * COPIES, samples: one.samples },
    );
    // Two goals: the linear-time ratio (checked by toBenchResult) and the peak RSS.
    return [base, { ...scaled, met: scaled.met === true && peak(onceN) < MAX_PEAK_RSS_MIB }];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

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
    results.push(...(await streamedResults(file, context.log)));
    return results;
  },
};
