import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { analyzeJson, CODEX_CORPUS, codexHome, corpusRolloutText, observedOutput, redactRollout, removeCodexHomes, repeatTokenCounts, ROLLOUT_WITH_CALLS } from './support/codex-rollouts.js';
import { ccusageNative } from './support/ccusage-native.js';

// Observed totals of Codex rollouts are each call's `token_count` counted once, and equal ccusage
// 20.0.24's `codex session` to the token: on the corpus rollouts, with every count written twice
// (as Codex 0.104 writes them), and with every text redacted.
const CCUSAGE = ccusageNative();

interface CcusageTotals {
  inputTokens: number;
  cacheReadTokens: number;
  outputTokens: number;
  costUSD: number;
}

function ccusageTotals(home: string): CcusageTotals {
  const out = execFileSync(CCUSAGE, ['codex', 'session', '--json', '--offline'], { env: { ...process.env, CODEX_HOME: home }, encoding: 'utf8' });
  return (JSON.parse(out) as { totals: CcusageTotals }).totals;
}

async function kvprefixTotals(home: string) {
  vi.stubEnv('CODEX_HOME', home);
  vi.stubEnv('CLAUDE_CONFIG_DIR', path.join(home, 'no-claude-here'));
  const { code, err, result } = await analyzeJson([path.join(home, 'sessions')]);
  expect({ code, err }).toEqual({ code: 0, err: '' });
  return { observed: result.totals.observed, output: observedOutput(result), cost: result.totals.cost.observed as number };
}

afterEach(() => void vi.unstubAllEnvs());
afterAll(removeCodexHomes);

describeWithCorpus(CODEX_CORPUS, 'Codex observed totals equal ccusage 20.0.24 codex session', () => {
  const cases: [string, () => string][] = [
    ['the corpus rollouts as they are', () => corpusPath(CODEX_CORPUS)],
    ['every token_count written twice', () => codexHome({ [ROLLOUT_WITH_CALLS]: repeatTokenCounts(corpusRolloutText()) })],
    ['every text redacted to [REDACTED_TEXT len=N sha=H]', () => codexHome({ [ROLLOUT_WITH_CALLS]: redactRollout(corpusRolloutText()) })],
  ];
  for (const [name, home] of cases) {
    it(`${name}: uncached and cached input and output equal ccusage's to the token, cost to the millionth of a dollar`, async () => {
      const folder = home();
      const theirs = ccusageTotals(folder);
      const ours = await kvprefixTotals(folder);
      expect({ uncached: ours.observed.uncached, cacheRead: ours.observed.cacheRead, output: ours.output }).toEqual({ uncached: theirs.inputTokens, cacheRead: theirs.cacheReadTokens, output: theirs.outputTokens });
      expect(ours.observed.requests).toBe(66);
      expect(Math.abs(ours.cost - theirs.costUSD)).toBeLessThan(1e-6);
    }, 120_000);
  }
});
