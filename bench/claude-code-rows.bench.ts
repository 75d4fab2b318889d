import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { folderBytes, layOut, timed, type Run } from './claude-code-projects.bench.js';
import { median, toBenchResult, type BenchResult, type Scenario } from './support/scenario.js';

/*
 * `kvprefix analyze --format jsonl` over a Claude Code projects folder (the corpus's Claude Code
 * projects copied 1× and 100×, as `claude-code-projects` lays them out), written to a file, against
 * `analyze --json` on the same folder (output to nowhere). Both are fresh processes of the built CLI;
 * CPU time (user + system) is compared, as in `claude-code-projects`. The rows take at most a tenth
 * more CPU than the JSON report (ratio ≥ 0.9); at 100×, their peak RSS must also be at most the JSON
 * report's on the same folder (the rows are written tree by tree and each tree is dropped, where
 * `--json` holds every request until the end). At 1× both peaks are Node's start-up and the loaded
 * code (about 90 MiB, a few MiB apart from run to run), so there the RSS is information only. Rows
 * per CPU second are in the details.
 */
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(REPOSITORY_ROOT, 'dist/cli/bin.js');
const GOAL = 0.9;
const SIZES = [
  { copies: 1, runs: 5, memoryGoal: false },
  { copies: 100, runs: 1, memoryGoal: true },
] as const;

const rows = (config: string) => timed(process.execPath, [BIN, 'analyze', '--format', 'jsonl', '-o', path.join(config, 'rows.jsonl')], config, false);
const json = (config: string, keep = false) => timed(process.execPath, [BIN, 'analyze', '--json'], config, keep);

/** Lines of the rows file, each parsed: the check that every row is whole JSON. */
function readRows(config: string): { count: number; tokens: number; observedRead: number } {
  let count = 0;
  let tokens = 0;
  let observedRead = 0;
  for (const line of readFileSync(path.join(config, 'rows.jsonl'), 'utf8').split('\n')) {
    if (line === '') continue;
    const row = JSON.parse(line) as { tokens: number; observed_cache_read: number | null };
    count++;
    tokens += row.tokens;
    observedRead += row.observed_cache_read ?? 0;
  }
  return { count, tokens, observedRead };
}

/** Before timing: the rows are the JSON report's requests (count, tokens, observed reads). */
function checkSameRequests(config: string): number {
  rows(config);
  const written = readRows(config);
  const totals = (JSON.parse(json(config, true).stdout) as { totals: { requests: number; tokens: number; observed: { cacheRead: number } } }).totals;
  if (written.count !== totals.requests || written.tokens !== totals.tokens || written.observedRead !== totals.observed.cacheRead) {
    throw new Error(`claude-code-rows: rows ${JSON.stringify(written)}; --json totals ${JSON.stringify(totals)}`);
  }
  return written.count;
}

export const claudeCodeRowsScenario: Scenario = {
  name: 'claude-code-rows',
  description: 'kvprefix analyze --format jsonl (rows to a file) vs analyze --json over a Claude Code projects folder (corpus ×1, ×100), fresh processes, CPU time and peak RSS',
  async run(context) {
    if (!existsSync(BIN)) throw new Error(`claude-code-rows measures the built CLI: ${BIN} is missing, run \`npm run build\` first`);
    const results: BenchResult[] = [];
    for (const { copies, runs, memoryGoal } of SIZES) {
      context.log(`claude-code-rows/${copies}x: copying the corpus projects ${copies} times`);
      const config = layOut(copies);
      try {
        const rowCount = checkSameRequests(config);
        const loadBefore = loadavg()[0]!;
        const ours: Run[] = [];
        const baseline: Run[] = [];
        for (let run = 0; run < runs; run++) {
          context.log(`claude-code-rows/${copies}x: run ${run + 1} of ${runs}`);
          if (run % 2 === 0) ours.push(rows(config)), baseline.push(json(config));
          else baseline.push(json(config)), ours.push(rows(config));
        }
        const cpu = (list: readonly Run[]) => ({ medianMs: median(list.map((run) => run.cpuMs)), samples: list.length });
        const peak = Math.max(...ours.map((run) => run.peakRssMiB));
        const baselinePeak = Math.max(...baseline.map((run) => run.peakRssMiB));
        const result = toBenchResult(
          {
            name: `claude-code-rows/${copies}x`,
            scenario: 'claude-code-rows',
            subject: `node dist/cli/bin.js analyze --format jsonl -o rows.jsonl (no path, CLAUDE_CONFIG_DIR), corpus Claude Code projects ×${copies}, CPU time`,
            baselineName: 'node dist/cli/bin.js analyze --json, same folder, output to nowhere, CPU time',
            goal: GOAL,
            details: {
              copies,
              rows: rowCount,
              megabytes: Number((folderBytes(path.join(config, 'projects')) / 1e6).toFixed(1)),
              rowsMegabytes: Number((statSync(path.join(config, 'rows.jsonl')).size / 1e6).toFixed(1)),
              rowsPerCpuSecond: Math.round(rowCount / (cpu(ours).medianMs / 1000)),
              rowsPerWallSecond: Math.round(rowCount / (median(ours.map((run) => run.wallMs)) / 1000)),
              wallMs: Number(median(ours.map((run) => run.wallMs)).toFixed(0)),
              baselineWallMs: Number(median(baseline.map((run) => run.wallMs)).toFixed(0)),
              peakRssMiB: Number(peak.toFixed(1)),
              jsonPeakRssMiB: Number(baselinePeak.toFixed(1)),
              ...(memoryGoal ? { memoryGoalMet: peak <= baselinePeak } : {}),
              loadAverage1mBefore: Number(loadBefore.toFixed(2)),
              loadAverage1mAfter: Number(loadavg()[0]!.toFixed(2)),
            },
          },
          cpu(ours),
          cpu(baseline),
        );
        if (memoryGoal && peak > baselinePeak) context.log(`claude-code-rows/${copies}x: peak RSS ${peak.toFixed(1)} MiB, over --json's ${baselinePeak.toFixed(1)} MiB`);
        // Where it is set, the memory goal counts as much as the time goal: either one missed fails the result.
        results.push(memoryGoal ? { ...result, met: result.met === true && peak <= baselinePeak } : result);
      } finally {
        rmSync(config, { recursive: true, force: true });
      }
    }
    return results;
  },
};
