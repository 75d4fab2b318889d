import { Bench } from 'tinybench';
import { median, type Timing } from './scenario.js';

/** How long and how often to time a pair of functions. */
export interface PairOptions {
  /** Rounds of the pair; the order of the two alternates from round to round. */
  readonly rounds: number;
  /** tinybench time budget per function per round, in milliseconds. */
  readonly timeMs: number;
  /** tinybench minimum iterations per function per round. */
  readonly iterations: number;
  /** Untimed calls per function per round before sampling (JIT, WASM memory growth, caches). */
  readonly warmupIterations: number;
}

/**
 * Times kvprefix's function and its baseline in alternating rounds and returns the median of all
 * samples of each. The machines this runs on are shared and have two cores: interleaving spreads a
 * burst of load from elsewhere over both sides instead of over one, and medians ignore the GC pauses
 * and scheduling spikes that means would average in.
 */
export async function measurePair(ours: () => unknown, baseline: () => unknown, options: PairOptions): Promise<{ ours: Timing; baseline: Timing }> {
  const samples = { ours: [] as number[], baseline: [] as number[] };
  for (let round = 0; round < options.rounds; round++) {
    const bench = new Bench({
      time: options.timeMs,
      iterations: options.iterations,
      warmupIterations: options.warmupIterations,
      warmupTime: 0,
      retainSamples: true,
      throws: true,
    });
    const order = round % 2 === 0 ? (['ours', 'baseline'] as const) : (['baseline', 'ours'] as const);
    for (const side of order) bench.add(side, side === 'ours' ? ours : baseline);
    await bench.run();
    for (const task of bench.tasks) {
      const result = task.result;
      if (result.state !== 'completed') {
        const reason = result.state === 'errored' ? `: ${result.error.message}` : '';
        throw new Error(`benchmark task '${task.name}' ended in state '${result.state}'${reason}`);
      }
      const taskSamples = result.latency.samples;
      if (!taskSamples) throw new Error(`benchmark task '${task.name}' kept no samples (retainSamples is off)`);
      // One by one: a spread of a few hundred thousand samples (a µs operation over a second) overflows the stack.
      for (const sample of taskSamples) samples[task.name as 'ours' | 'baseline'].push(sample);
    }
  }
  return {
    ours: { medianMs: median(samples.ours), samples: samples.ours.length },
    baseline: { medianMs: median(samples.baseline), samples: samples.baseline.length },
  };
}
