import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Issue 7 §5: 1,000 concurrent child runs (spawn and fork) with random aborts and a scripted model
// with random delays and failures. The load runs in its own process (test/load/concurrent-child-
// runs.ts, with --expose-gc) so its heap and unhandled rejections are its own; it prints a summary.
const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

interface Summary {
  runs: number;
  results: number;
  rejected: number;
  other: unknown[];
  stopReasons: Record<string, number>;
  rejections: Record<string, number>;
  liveChildren: number;
  runningAgents: number;
  registered: number;
  abortListeners: number;
  unhandled: string[];
  listenerErrors: number;
  unexpectedRequests: string[];
  stepsNeverRequested: number;
  baselineHeap: number;
  afterHeap: number;
}

async function load(seed: number): Promise<Summary> {
  const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', 'test/load/concurrent-child-runs.ts', String(seed)], { cwd: root, timeout: 240_000 });
  return JSON.parse(stdout) as Summary;
}

describe.each([7, 11])('1,000 concurrent child runs with faults (seed %i)', (seed) => {
  it('every start ends in a result with its stop reason or a refusal with the abort reason; nothing stays live, registered or listening; the heap returns to its baseline', async () => {
    const summary = await load(seed);
    expect(summary.runs).toBe(1000);
    // Each run either resolved with a stop reason or its start was refused with the abort reason.
    expect(summary.other).toEqual([]);
    expect(summary.results + summary.rejected).toBe(1000);
    expect(Object.keys(summary.rejections)).toEqual(['subagent/aborted']);
    expect(summary.rejected).toBeGreaterThan(0);
    expect(Object.keys(summary.stopReasons).sort()).toEqual(['aborted', 'completed', 'error']);
    // No live child, no registry entry but the 100 parents, no abort listener left on any signal.
    expect(summary).toMatchObject({ liveChildren: 0, runningAgents: 0, registered: 100, abortListeners: 0, listenerErrors: 0 });
    // A step left unrequested belongs to a child aborted before its model call (how many depends on
    // the machine's load); no completed or failed child left one.
    expect(summary.stepsNeverRequested).toBeLessThanOrEqual(summary.stopReasons['aborted']!);
    expect(summary.unhandled).toEqual([]);
    expect(summary.unexpectedRequests).toEqual([]);
    // After a warm-up batch the heap is measured, then after the measured batch: a leak of 1.5 KB
    // per run would show here (measured on this machine: the second batch ends 0.6–1.0 MB below).
    expect(summary.afterHeap - summary.baselineHeap).toBeLessThan(1.5 * 1024 * 1024);
  });
});
