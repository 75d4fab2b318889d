import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Memory after a forced GC, in MiB: the process's RSS and the live JS heap inside it. */
export interface SettledMemory {
  readonly rss: number;
  readonly heapUsed: number;
}

/** What a memory child reports, in MiB. */
export interface RssReport {
  /** Memory after a forced GC at the end of each named phase, in the order the phases ran. */
  readonly phases: Readonly<Record<string, SettledMemory>>;
  /** Highest RSS the process reached (the OS's max RSS, which includes garbage not yet collected). */
  readonly peak: number;
}

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Runs a bench script in a fresh Node process (with `--expose-gc`, through tsx) and reads the RSS
 * report it prints as its last stdout line. A child of its own keeps the memory of other scenarios
 * and of the parent's tinybench samples out of the measurement.
 */
export function measureRssInChild(script: string, ...args: readonly string[]): RssReport {
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.resolve(REPOSITORY_ROOT, script), ...args], {
    cwd: REPOSITORY_ROOT,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (child.error) throw child.error;
  if (child.status !== 0) throw new Error(`memory child ${script} ${args.join(' ')} exited with ${child.status ?? child.signal}:\n${child.stderr}`);
  const lastLine = child.stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(lastLine) as RssReport;
  } catch (error) {
    throw new Error(`memory child ${script} ${args.join(' ')} printed no RSS report (last line: ${JSON.stringify(lastLine.slice(0, 200))})`, { cause: error });
  }
}

/** Prints an RSS report as the child's last stdout line; call from the child. */
export function printRssReport(report: RssReport): void {
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

/** RSS and heap in MiB after a full GC (needs `--expose-gc`, which `measureRssInChild` passes). */
export function settledMemory(): SettledMemory {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('settledMemory needs node --expose-gc (run it through measureRssInChild)');
  collect();
  const usage = process.memoryUsage();
  return { rss: usage.rss / 2 ** 20, heapUsed: usage.heapUsed / 2 ** 20 };
}

/** Highest RSS of this process so far, in MiB. */
export function peakRssMiB(): number {
  return (process.resourceUsage().maxRSS * 1024) / 2 ** 20;
}
