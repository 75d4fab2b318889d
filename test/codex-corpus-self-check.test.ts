import { expect, it } from 'vitest';
import { analyzeCodexRollouts } from '../src/analysis/codex/analyze-codex-sessions.js';
import { policyByName } from '../src/analysis/shipped-policies/policy-registry.js';
import { predictionAccuracy } from '../src/analysis/self-check/prediction-accuracy.js';
import { describeWithCorpus, readOnce } from './support/corpus.js';
import { CODEX_CORPUS, corpusRolloutPath } from './support/codex-rollouts.js';

// The self-check on the corpus rollout (66 calls of codex-tui 0.125.0 on gpt-5.5) under OpenAI's
// pre-5.6 rule (1024 tokens, then 128-token steps), as the README gives it.
const replayed = readOnce(async () => (await analyzeCodexRollouts([{ file: corpusRolloutPath(), label: 'corpus rollout' }], { policy: 'auto', policyByName }))[0]!);

describeWithCorpus(CODEX_CORPUS, 'Codex self-check on the corpus rollout', () => {
  it('reads exact 17/66, within one 128-token step 22/66, cold/warm right 49/66, median input-token error 4', async () => {
    const accuracy = predictionAccuracy([await replayed()]);
    expect(accuracy).toMatchObject({ requests: 66, unit: 128, exactReads: 17, withinUnit: 22, coldWarmAgree: 49, medianInputError: 4 });
  });

  it('on the 48 calls that read from the cache the prediction is never below the read, and at most three steps above it on 46', async () => {
    const requests = (await replayed()).sessions[0]!.requests.filter((request) => request.observed!.cacheRead > 0);
    expect(requests).toHaveLength(48);
    const over = requests.map((request) => request.predicted.cacheRead - request.observed!.cacheRead);
    expect(over.every((tokens) => tokens >= 0)).toBe(true);
    expect(over.filter((tokens) => tokens <= 3 * 128)).toHaveLength(46);
  });

  it('the 17 cold/warm misses are calls the provider served cold within its retention: predicted warm, the previous call seconds to minutes before', async () => {
    const requests = (await replayed()).sessions[0]!.requests;
    const misses = requests.filter((request) => request.predicted.cacheRead > 0 !== request.observed!.cacheRead > 0);
    expect(misses).toHaveLength(17);
    for (const miss of misses) {
      expect(miss.observed!.cacheRead).toBe(0);
      const gap = (Date.parse(miss.time!) - Date.parse(requests[miss.index - 1]!.time!)) / 1000;
      expect(gap).toBeLessThan(10 * 60);
    }
  });
});
