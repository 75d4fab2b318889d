import path from 'node:path';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { describeWithCorpus } from './support/corpus.js';
import { analyzeJson, CODEX_CORPUS, codexHome, corpusRolloutText, redactRollout, removeCodexHomes, repeatTokenCounts, ROLLOUT_WITH_CALLS } from './support/codex-rollouts.js';

// The corpus rollout in the shape of rollouts from other Codex versions (gpt-5.3-codex, every count
// written twice, every text redacted, a compaction mid-session), read with no path (CODEX_HOME) and
// as a sessions folder: the observed calls and input are the unique counts' sums, and the observed
// cost is theirs at gpt-5.3-codex's published rates ($1.75 / $0.175 / $14 per million).
afterEach(() => void vi.unstubAllEnvs());
afterAll(removeCodexHomes);

function heldOutShape(text: string): string {
  const lines = redactRollout(repeatTokenCounts(text.split('"model":"gpt-5.5"').join('"model":"gpt-5.3-codex"'))).split('\n');
  // A compaction after the 40th call's count: the history replaced by a developer message and a summary.
  let counts = 0;
  const at = lines.findIndex((line) => line.includes('"type":"token_count"') && ++counts === 80);
  const time = (JSON.parse(lines[at]!) as { timestamp: string }).timestamp;
  const summary = { type: 'message', role: 'user', content: [{ type: 'input_text', text: '[REDACTED_TEXT len=4000 sha=0123456789ab]' }] };
  lines.splice(at + 1, 0, JSON.stringify({ timestamp: time, type: 'compacted', payload: { message: '', replacement_history: [summary] } }));
  return lines.join('\n');
}

function uniqueCounts(text: string) {
  const seen = new Set<string>();
  const sum = { calls: 0, uncached: 0, cached: 0, output: 0 };
  for (const line of text.split('\n')) {
    if (!line.includes('"type":"token_count"')) continue;
    const info = (JSON.parse(line) as { payload: { info: { total_token_usage: unknown; last_token_usage: { input_tokens: number; cached_input_tokens: number; output_tokens: number } } | null } }).payload.info;
    if (info === null || seen.has(JSON.stringify(info.total_token_usage))) continue;
    seen.add(JSON.stringify(info.total_token_usage));
    sum.calls++;
    sum.uncached += info.last_token_usage.input_tokens - info.last_token_usage.cached_input_tokens;
    sum.cached += info.last_token_usage.cached_input_tokens;
    sum.output += info.last_token_usage.output_tokens;
  }
  return sum;
}

describeWithCorpus(CODEX_CORPUS, 'a rollout of another Codex shape (gpt-5.3-codex, counts twice, redacted, one compaction)', () => {
  it('with no path and as a sessions folder: observed calls and input equal the unique counts, cost their price at gpt-5.3-codex rates within 0.5%', async () => {
    const text = heldOutShape(corpusRolloutText());
    const home = codexHome({ [ROLLOUT_WITH_CALLS]: text });
    const expected = uniqueCounts(text);
    const cost = (expected.uncached * 1.75 + expected.cached * 0.175 + expected.output * 14) / 1_000_000;
    vi.stubEnv('CLAUDE_CONFIG_DIR', '');
    vi.stubEnv('HOME', home);
    vi.stubEnv('CODEX_HOME', home);
    for (const argv of [[], [path.join(home, 'sessions')]]) {
      const { code, err, result } = await analyzeJson(argv);
      expect({ code, err }).toEqual({ code: 0, err: '' });
      expect(result.totals.observed).toMatchObject({ requests: expected.calls, uncached: expected.uncached, cacheRead: expected.cached });
      expect(Math.abs(result.totals.cost.observed - cost) / cost).toBeLessThan(0.005);
      const causes = result.sessions[0].requests.map((request: { divergence: { cause: string } | null }) => request.divergence?.cause);
      expect(causes.filter((cause: string | undefined) => cause === 'compaction')).toHaveLength(1);
    }
  }, 120_000);
});
