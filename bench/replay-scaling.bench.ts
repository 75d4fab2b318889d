import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeLongDshLog } from './support/long-dsh-log.js';
import { measureRssInChild, type RssReport } from './support/measure-rss.js';
import type { BenchResult, Scenario } from './support/scenario.js';

/*
 * How the replays scale with their input, each size replayed in a child process of its own
 * (`replay-scaling.child.ts`), the smaller size being the baseline of the larger one in the same run:
 *
 * - DSH: the long-log generator at 400 and 6,400 requests (its turns' usage grows with the history),
 *   each log written here and read by two children. Goal: the time per request of the replay at 6,400
 *   at most 1.5 times that at 400 (ratio ≥ 1 / 1.5), and the peak RSS of the built CLI's
 *   `analyze --json` (run `npm run build` first) on the 6,400-request log, its output dropped as
 *   `> /dev/null` drops it, under 300 MB (286.1 MiB). The replay child's own peak (its result held,
 *   not written) is reported beside it as `largePeakRssMiB`.
 * - Claude Code: a generated transcript of 2,500 and 10,000 lines. Goal: peak RSS at 10,000 at most
 *   1.5 times that at 2,500.
 * - Small bodies: 1,000, 4,000 and 10,000 one-shot chat bodies sharing a system prompt. Goal: time
 *   per request at 4,000 and at 10,000 at most 1.5 times that at 1,000 (each request looks at the
 *   few earlier bodies that can share the most, not at each).
 *
 * Reading the input alone is timed in the same child and reported beside each replay.
 * `KVPREFIX_BENCH_REPLAY_SCALING=claude-code,wire` runs only the named inputs' rows (dsh,
 * claude-code, wire; the DSH pair alone takes minutes).
 */

interface ChildReport extends RssReport {
  readonly requests: number;
  readonly readMs: number;
  readonly replayMs: number;
}

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..');
const GROWTH = 1.5;
/** The goal's 300 MB, in the MiB the children report. */
const DSH_MAX_PEAK_MIB = 300e6 / 2 ** 20;

function child(kind: string, size: number, ...rest: string[]): ChildReport {
  return measureRssInChild('bench/replay-scaling.child.ts', kind, String(size), ...rest) as ChildReport;
}

/** Peak RSS (MiB) and wall time of the built CLI's `analyze --json <folder>`, its output dropped as `> /dev/null` drops it (read by /usr/bin/time). */
function analyzeJsonPeak(folder: string): { readonly peak: number; readonly ms: number } {
  const report = path.join(folder, 'time.txt');
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-o', report, '-f', '%M', process.execPath, path.join(REPOSITORY_ROOT, 'dist/cli/bin.js'), 'analyze', '--json', folder], { cwd: REPOSITORY_ROOT, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - started;
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`analyze --json ${folder} exited with ${run.status ?? run.signal} (run npm run build first):\n${run.stderr.slice(-2000)}`);
  const kib = Number(readFileSync(report, 'utf8').trim().split('\n').at(-1));
  rmSync(report);
  return { peak: kib / 1024, ms };
}

/** The replay child and `analyze --json` on one generated DSH log of `size` requests (five per turn), written here so that neither counts writing it. */
function dshRuns(size: number): { readonly replay: ChildReport; readonly cli: { readonly peak: number; readonly ms: number } } {
  const folder = writeLongDshLog(Math.round(size / 5));
  try {
    return { replay: child('dsh', size, folder), cli: analyzeJsonPeak(folder) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function row(name: string, subject: string, small: ChildReport, large: ChildReport, extra: { readonly met: boolean; readonly details: Record<string, number | boolean> }): BenchResult {
  const perRequest = (report: ChildReport) => report.replayMs / report.requests;
  const ratio = perRequest(small) / perRequest(large);
  return {
    name: `replay-scaling/${name}`,
    scenario: 'replay-scaling',
    subject,
    baselineName: `the same replay at ${small.requests} requests, per request`,
    medianMs: perRequest(large),
    baseline: perRequest(small),
    ratio,
    goal: 1 / GROWTH,
    maxMs: null,
    met: extra.met,
    samples: 1,
    baselineSamples: 1,
    details: {
      smallRequests: small.requests,
      largeRequests: large.requests,
      smallReplayMs: Math.round(small.replayMs),
      largeReplayMs: Math.round(large.replayMs),
      smallReadMs: Math.round(small.readMs),
      largeReadMs: Math.round(large.readMs),
      smallPeakRssMiB: Math.round(small.peak),
      largePeakRssMiB: Math.round(large.peak),
      ...extra.details,
    },
  };
}

/** The inputs to run: all, or those `KVPREFIX_BENCH_REPLAY_SCALING` names. */
function selected(): ReadonlySet<string> {
  const named = process.env['KVPREFIX_BENCH_REPLAY_SCALING'];
  const kinds = ['dsh', 'claude-code', 'wire'];
  if (named === undefined || named.trim() === '') return new Set(kinds);
  const chosen = named.split(',').map((kind) => kind.trim());
  const unknown = chosen.filter((kind) => !kinds.includes(kind));
  if (unknown.length > 0) throw new Error(`KVPREFIX_BENCH_REPLAY_SCALING: unknown input '${unknown.join("', '")}' (use ${kinds.join(', ')})`);
  return new Set(chosen);
}

export const replayScalingScenario: Scenario = {
  name: 'replay-scaling',
  description: 'time and memory of the replays as their input grows (DSH log, Claude Code transcript, small wire bodies), each size in a child process',
  async run(context) {
    const kinds = selected();
    const rows: BenchResult[] = [];
    if (kinds.has('dsh')) {
      context.log('replay-scaling: DSH long log at 400 and 6,400 requests');
      const [small, large] = [dshRuns(400), dshRuns(6400)];
      const dshTime = small.replay.replayMs / small.replay.requests / (large.replay.replayMs / large.replay.requests) >= 1 / GROWTH;
      const dshMemory = large.cli.peak < DSH_MAX_PEAK_MIB;
      rows.push(
        row('dsh-400-to-6400', 'analyzeDshSessionTree on the generated long log, per request', small.replay, large.replay, {
          met: dshTime && dshMemory,
          details: { maxPeakRssMiB: Math.round(DSH_MAX_PEAK_MIB * 10) / 10, cliPeakRssMiB: Math.round(large.cli.peak), cliMs: Math.round(large.cli.ms), smallCliPeakRssMiB: Math.round(small.cli.peak), timeGoalMet: dshTime, memoryGoalMet: dshMemory },
        }),
      );
    }
    if (kinds.has('claude-code')) {
      context.log('replay-scaling: Claude Code transcript at 2,500 and 10,000 lines');
      const claude = [child('claude-code', 2500), child('claude-code', 10_000)] as const;
      const claudeMemory = claude[1].peak <= GROWTH * claude[0].peak;
      rows.push(row('claude-code-2500-to-10000-lines', 'analyzeClaudeCodeSession on a generated transcript, per request', claude[0], claude[1], { met: claudeMemory, details: { peakGrowth: Math.round((claude[1].peak / claude[0].peak) * 100) / 100, memoryGoalMet: claudeMemory } }));
    }
    if (kinds.has('wire')) {
      context.log('replay-scaling: small bodies, 1,000, 4,000 and 10,000');
      const wire = [child('wire', 1000), child('wire', 4000), child('wire', 10_000)] as const;
      for (const large of [wire[1], wire[2]]) {
        const met = wire[0].replayMs / wire[0].requests / (large.replayMs / large.requests) >= 1 / GROWTH;
        rows.push(row(`wire-1000-to-${large.requests}-bodies`, 'analyzeWireSequence on small chat bodies, per request', wire[0], large, { met, details: { timeGoalMet: met } }));
      }
    }
    return rows;
  }
};
