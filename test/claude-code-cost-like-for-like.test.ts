import { expect, it } from 'vitest';
import { analyzeClaudeCodeSession, policyByName } from '../src/analysis/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

const PROJECTS = 'claude-code-sessions/test/test_data/real_projects';
const SESSION = '-src-experiments-claude_p/29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl';

describeWithCorpus(PROJECTS, 'Claude Code replay: predicted and logged cost are priced on the same tokens', () => {
  it('both include the logged output, so their difference is the cache prediction alone', async () => {
    const tree = await analyzeClaudeCodeSession(corpusPath(PROJECTS, SESSION));
    const requests = tree.sessions.flatMap((session) => session.requests).filter((request) => request.observed !== null);
    expect(requests.length).toBeGreaterThan(5);
    const policy = policyByName('anthropic')!;
    for (const request of requests) {
      // The oracle is the price table, per million tokens, written out here rather than through the
      // `costOf` the replay prices with.
      const prices = policy.pricesFor(request.route.model);
      const predicted = request.predicted;
      const observed = request.observed!;
      const output = observed.output ?? 0;
      expect(output).toBeGreaterThan(0);
      const cacheDifference =
        ((predicted.uncached - observed.uncached) * prices.input + (predicted.cacheRead - observed.cacheRead) * prices.cacheRead + (predicted.cacheWrite - observed.cacheWrite) * prices.cacheWrite) / 1e6;
      expect(request.cost.predicted - request.cost.observed!).toBeCloseTo(cacheDifference, 12);
      // Both costs carry the same output charge: the logged cost is its input-side tokens plus it.
      const observedInputSide = (observed.uncached * prices.input + observed.cacheRead * prices.cacheRead + observed.cacheWrite * prices.cacheWrite) / 1e6;
      expect(request.cost.observed! - observedInputSide).toBeCloseTo((output * prices.output) / 1e6, 12);
    }
  });
});
