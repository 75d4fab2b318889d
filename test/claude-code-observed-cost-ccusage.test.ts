import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it, vi } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { ccusageNative } from './support/ccusage-native.js';

const CCUSAGE = ccusageNative();

interface Observed {
  uncached: number;
  cacheRead: number;
  cacheWrite: number;
  cacheWrite1h?: number;
  output?: number;
}

interface AnalyzeJson {
  sessions: { requests: { observed: Observed | null }[] }[];
  totals: { cost: { observed: number } };
}

async function analyzeJson(argv: string[]): Promise<AnalyzeJson> {
  const io = bufferedIo();
  expect(await runCli(['analyze', ...argv, '--json'], io)).toBe(EXIT.ok);
  return JSON.parse(io.out.join('')) as AnalyzeJson;
}

// Observed cost is the logged usage at published prices, each write at its own TTL (1-hour writes at
// 2× input): on the corpus projects it equals ccusage 20.0.24's cost (which prices them so) to the cent.
describeWithCorpus('claude-code-2026', 'Claude Code observed cost equals the logged usage at published prices', () => {
  it('the observed tokens are the totals the corpus README gives, 1-hour writes among them', async () => {
    const document = await analyzeJson([corpusPath('claude-code-2026', 'projects')]);
    const observed = document.sessions.flatMap((session) => session.requests.flatMap((request) => (request.observed === null ? [] : [request.observed])));
    const sum = (pick: (usage: Observed) => number) => observed.reduce((total, usage) => total + pick(usage), 0);
    expect([observed.length, sum((u) => u.uncached), sum((u) => u.cacheRead), sum((u) => u.cacheWrite), sum((u) => u.cacheWrite1h ?? 0), sum((u) => u.output ?? 0)]).toEqual([414, 48_134, 17_150_790, 5_541_133, 57_373, 244_996]);
  });

  it.skipIf(!existsSync(CCUSAGE))('the observed cost equals ccusage 20.0.24 to the cent, from the projects folder and with no path', async () => {
    const { stdout } = await promisify(execFile)(CCUSAGE, ['session', '--json', '--offline'], { env: { ...process.env, CLAUDE_CONFIG_DIR: corpusPath('claude-code-2026') }, maxBuffer: 64 << 20 });
    const ccusage = (JSON.parse(stdout) as { totals: { totalCost: number } }).totals.totalCost;
    expect(ccusage).toBeGreaterThan(30);
    const named = await analyzeJson([corpusPath('claude-code-2026', 'projects')]);
    vi.stubEnv('CLAUDE_CONFIG_DIR', corpusPath('claude-code-2026'));
    const folder = await analyzeJson([]).finally(() => vi.unstubAllEnvs());
    expect(Math.round(named.totals.cost.observed * 100)).toBe(Math.round(ccusage * 100));
    expect(Math.round(folder.totals.cost.observed * 100)).toBe(Math.round(ccusage * 100));
  });
});
