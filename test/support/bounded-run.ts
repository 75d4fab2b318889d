import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What a bounded CLI run did: exit code, output, CPU time of the command itself, and peak RSS. */
export interface BoundedRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
  readonly ms: number;
  readonly peakRssMb: number;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Hostile-input budget (issue 17): each case ends within 5 s and 300 MB. */
export const BUDGET = { ms: 5000, rssMb: 300 } as const;

/**
 * Runs `kvprefix <argv>` in a child process (so its peak RSS is its own) with a heap ceiling a bit
 * over the budget, so a regression fails the test instead of the machine. Time is the command's own
 * CPU time, measured inside the child after its code is loaded.
 */
export function runBounded(argv: readonly string[], cwd: string): BoundedRun {
  const directory = mkdtempSync(path.join(tmpdir(), 'kvprefix-bounded-'));
  const result = path.join(directory, 'result.json');
  try {
    const child = spawnSync(process.execPath, ['--max-old-space-size=512', '--import', 'tsx', path.join(ROOT, 'test/support/bounded-cli.ts'), ...argv], {
      // Started in the repository so that `--import tsx` resolves; the child moves to `cwd` itself.
      cwd: ROOT,
      env: { ...process.env, KVPREFIX_BOUNDED_RESULT: result, KVPREFIX_BOUNDED_CWD: cwd },
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (child.status !== 0) throw new Error(`the bounded run failed (status ${child.status}, signal ${child.signal}): ${child.stderr.slice(0, 2000)}`);
    return JSON.parse(readFileSync(result, 'utf8')) as BoundedRun;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
