import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { corpusPath } from './support/corpus.js';
import { median, toBenchResult, type BenchResult, type Scenario } from './support/scenario.js';

/*
 * A Claude Code projects folder, as `kvprefix analyze` reads it with no path: the corpus's five
 * Claude Code projects copied N times (1×, 10×, 100×: 8.7 MB to 870 MB) into a temporary
 * `<config>/projects`, read through CLAUDE_CONFIG_DIR. The baseline is ccusage 18.0.11 (its last
 * pure-JavaScript release, an exact devDependency) reading the same folder (`session --json
 * --offline`). Both are fresh processes with their output thrown away, so each side pays its own
 * start-up, as a user does. Times are CPU (user + system) of the process, from /usr/bin/time: two
 * cores are shared by many jobs here, and wall time measures the neighbours as much as the work.
 * Wall times and peak RSS go in the details. ccusage 20.0.24's native build (the `@ccusage/ccusage-linux-x64`
 * devDependency; 20.0.26's linux-x64 package is not in the registry) is timed on the same folder as
 * an informational row beside each size (`…/Nx/ccusage-native`, no goal): kvprefix against it.
 */
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(REPOSITORY_ROOT, 'dist/cli/bin.js');
const CCUSAGE = path.join(REPOSITORY_ROOT, 'node_modules/ccusage/dist/index.js');
/** ccusage 20.0.24's native build: a small JavaScript launcher of its compiled binary. */
const CCUSAGE_NATIVE = path.join(REPOSITORY_ROOT, 'node_modules/@ccusage/ccusage-linux-x64/bin/ccusage');
const PROJECTS = ['claude-code-sessions', 'test', 'test_data', 'real_projects'];
const GOAL = 1.0;
/** Runs per side at each size (interleaved): a run at 100× takes about a minute. */
const SIZES = [
  { copies: 1, runs: 7 },
  { copies: 10, runs: 3 },
  { copies: 100, runs: 1 },
] as const;

export interface Run {
  readonly cpuMs: number;
  readonly wallMs: number;
  readonly peakRssMiB: number;
  readonly stdout: string;
}

/** Runs a command under /usr/bin/time; its CPU time, wall time and peak RSS. */
export function timed(command: string, args: readonly string[], config: string, keepOutput: boolean): Run {
  const report = path.join(config, 'time.txt');
  const started = performance.now();
  const child = spawnSync('/usr/bin/time', ['-o', report, '-f', '%U %S %M', command, ...args], {
    cwd: REPOSITORY_ROOT,
    env: { ...process.env, CLAUDE_CONFIG_DIR: config, NO_COLOR: '1' },
    encoding: 'utf8',
    maxBuffer: keepOutput ? 1 << 30 : 1 << 20,
    stdio: ['ignore', keepOutput ? 'pipe' : 'ignore', 'pipe'],
  });
  const wallMs = performance.now() - started;
  if (child.error) throw child.error;
  if (child.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${child.status ?? child.signal}:\n${child.stderr.slice(-2000)}`);
  const [user, system, rssKiB] = readFileSync(report, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
  return { cpuMs: (user! + system!) * 1000, wallMs, peakRssMiB: rssKiB! / 1024, stdout: child.stdout ?? '' };
}

/** Bytes of every file under a folder. */
export function folderBytes(folder: string): number {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

export function layOut(copies: number): string {
  const config = mkdtempSync(path.join(tmpdir(), `kvprefix-bench-claude-projects-${copies}x-`));
  const source = corpusPath(...PROJECTS);
  for (let copy = 0; copy < copies; copy++) {
    for (const project of readdirSync(source)) cpSync(path.join(source, project), path.join(config, 'projects', `${project}-copy${copy}`), { recursive: true });
  }
  return config;
}

const kvprefix = (config: string, keep = false) => timed(process.execPath, [BIN, 'analyze', '--json'], config, keep);
const ccusageJs = (config: string, keep = false) => timed(process.execPath, [CCUSAGE, 'session', '--json', '--offline'], config, keep);

/**
 * Before timing: both read the same usage. kvprefix's logged uncached, read and written tokens equal
 * ccusage's input, cache read and cache creation totals on one copy. (Output and cost are not
 * compared: ccusage 18 keeps a streamed response's first output count, where kvprefix and ccusage 20
 * keep the final one, and its price table is its own.)
 */
function checkSameAnswer(config: string): void {
  const ours = (JSON.parse(kvprefix(config, true).stdout) as { totals: { observed: { uncached: number; cacheRead: number; cacheWrite: number } } }).totals.observed;
  const theirs = (JSON.parse(ccusageJs(config, true).stdout) as { totals: { inputTokens: number; cacheReadTokens: number; cacheCreationTokens: number } }).totals;
  if (ours.uncached !== theirs.inputTokens || ours.cacheRead !== theirs.cacheReadTokens || ours.cacheWrite !== theirs.cacheCreationTokens) {
    throw new Error(`claude-code-projects: kvprefix logged ${JSON.stringify(ours)}; ccusage ${JSON.stringify(theirs)}`);
  }
}

export const claudeCodeProjectsScenario: Scenario = {
  name: 'claude-code-projects',
  description: 'kvprefix analyze --json over a Claude Code projects folder (corpus ×1, ×10, ×100) vs ccusage 18.0.11 session --json, fresh processes, CPU time',
  async run(context) {
    if (!existsSync(BIN)) throw new Error(`claude-code-projects measures the built CLI: ${BIN} is missing, run \`npm run build\` first`);
    if (!existsSync(CCUSAGE)) throw new Error(`claude-code-projects needs ccusage 18.0.11 (a devDependency): ${CCUSAGE} is missing, run \`npm ci\``);
    const native = existsSync(CCUSAGE_NATIVE);
    // npm unpacks the binary without its execute bit; ccusage's own npm wrapper sets it before its first run.
    if (native) chmodSync(CCUSAGE_NATIVE, 0o755);
    if (!native) context.log(`claude-code-projects: ${CCUSAGE_NATIVE} is missing (run \`npm ci\`): the ccusage 20.0.24 native rows are left out`);
    const results: BenchResult[] = [];
    const perCopy: number[] = [];
    for (const { copies, runs } of SIZES) {
      context.log(`claude-code-projects/${copies}x: copying the corpus projects ${copies} times`);
      const config = layOut(copies);
      try {
        if (copies === 1) checkSameAnswer(config);
        // The machine is shared: the 1-minute load average before and after the size's runs is recorded with its times.
        const loadBefore = loadavg()[0]!;
        const ours: Run[] = [];
        const baseline: Run[] = [];
        const nativeRuns: Run[] = [];
        for (let run = 0; run < runs; run++) {
          context.log(`claude-code-projects/${copies}x: run ${run + 1} of ${runs}`);
          // Alternate which side goes first, so a burst of outside load does not fall on one side only.
          if (run % 2 === 0) ours.push(kvprefix(config)), baseline.push(ccusageJs(config));
          else baseline.push(ccusageJs(config)), ours.push(kvprefix(config));
          if (native) nativeRuns.push(timed(CCUSAGE_NATIVE, ['session', '--json', '--offline'], config, false));
        }
        const cpu = (list: readonly Run[]) => ({ medianMs: median(list.map((run) => run.cpuMs)), samples: list.length });
        const details = {
          copies,
          megabytes: Number((folderBytes(path.join(config, 'projects')) / 1e6).toFixed(1)),
          wallMs: Number(median(ours.map((run) => run.wallMs)).toFixed(0)),
          baselineWallMs: Number(median(baseline.map((run) => run.wallMs)).toFixed(0)),
          peakRssMiB: Number(Math.max(...ours.map((run) => run.peakRssMiB)).toFixed(1)),
          baselinePeakRssMiB: Number(Math.max(...baseline.map((run) => run.peakRssMiB)).toFixed(1)),
          cpuMsPerCopy: Number((cpu(ours).medianMs / copies).toFixed(0)),
          loadAverage1mBefore: Number(loadBefore.toFixed(2)),
          loadAverage1mAfter: Number(loadavg()[0]!.toFixed(2)),
        };
        perCopy.push(cpu(ours).medianMs / copies);
        results.push(
          toBenchResult(
            {
              name: `claude-code-projects/${copies}x`,
              scenario: 'claude-code-projects',
              subject: `node dist/cli/bin.js analyze --json (no path, CLAUDE_CONFIG_DIR), corpus Claude Code projects ×${copies}, CPU time`,
              baselineName: 'ccusage 18.0.11 session --json --offline, same folder, CPU time',
              goal: GOAL,
              details,
            },
            cpu(ours),
            cpu(baseline),
          ),
        );
        if (nativeRuns.length > 0) {
          results.push(
            toBenchResult(
              {
                name: `claude-code-projects/${copies}x/ccusage-native`,
                scenario: 'claude-code-projects',
                subject: `node dist/cli/bin.js analyze --json (no path, CLAUDE_CONFIG_DIR), corpus Claude Code projects ×${copies}, CPU time`,
                baselineName: 'ccusage 20.0.24 native build session --json --offline, same folder, CPU time (informational)',
                goal: null,
                details: { copies, baselineWallMs: Number(median(nativeRuns.map((run) => run.wallMs)).toFixed(0)), baselinePeakRssMiB: Number(Math.max(...nativeRuns.map((run) => run.peakRssMiB)).toFixed(1)) },
              },
              cpu(ours),
              cpu(nativeRuns),
            ),
          );
        }
      } finally {
        rmSync(config, { recursive: true, force: true });
      }
    }
    context.log(`claude-code-projects: CPU ms per copy of the corpus at 1×, 10×, 100×: ${perCopy.map((value) => value.toFixed(0)).join(', ')}`);
    return results;
  },
};
