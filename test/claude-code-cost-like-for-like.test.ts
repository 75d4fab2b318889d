import { expect, it } from 'vitest';
import { analyzeClaudeCodeSession, costOf, policyByName } from '../src/analysis/index.js';
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
      const prices = policy.pricesFor(request.route.model);
      const output = request.observed!.output ?? 0;
      expect(output).toBeGreaterThan(0);
      expect(request.cost.predicted).toBeCloseTo(costOf(request.predicted, prices, output), 12);
      expect(request.cost.observed).toBeCloseTo(costOf(request.observed!, prices, output), 12);
    }
  });
});
