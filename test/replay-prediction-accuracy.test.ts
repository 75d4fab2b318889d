import { describe, expect, it } from 'vitest';
import { predictionAccuracy } from '../src/analysis/self-check/prediction-accuracy.js';
import type { RequestAnalysis, SessionTreeAnalysis } from '../src/analysis/index.js';

function request(predicted: number, range: [number, number], observed: number | null): RequestAnalysis {
  return {
    index: 0,
    time: null,
    route: { provider: 'anthropic', model: 'm' },
    tokens: 10_000,
    predicted: { uncached: 0, cacheRead: predicted, cacheWrite: 0, cacheReadRange: range },
    observed: observed === null ? null : { uncached: 0, cacheRead: observed, cacheWrite: 0 },
    divergence: null,
    cost: { predicted: 0, observed: null },
  };
}

const tree = (requests: RequestAnalysis[]): SessionTreeAnalysis => ({
  policy: 'anthropic',
  tokenizer: 'o200k_base',
  notes: [],
  sessions: [{ file: 'f', id: 's', format: 'claude-code', parentSession: null, seedLength: null, requests }],
});

describe('prediction accuracy', () => {
  it('counts agreement, ranges, exact reads and tolerances over logged requests only', () => {
    const accuracy = predictionAccuracy([
      tree([request(0, [0, 0], 0), request(1000, [1000, 1000], 1000), request(1000, [0, 1000], 900), request(5000, [5000, 5000], 0), request(7, [7, 7], null)]),
    ]);
    expect(accuracy).toEqual({ requests: 4, excludedRequests: 0, excluded: [], unit: 1, coldWarmAgree: 3, readInRange: 3, exactReads: 2, withinUnit: 2, medianReadError: 100, medianInputError: 10000, readsWithin: { 64: 2, 512: 3, 2048: 3 }, causes: { compared: 0, agree: 0, disagreements: [], notCompared: 0, explainedMisses: [] } });
  });

  it('counts reads within one unit of the policy and leaves out usage smaller than the request\'s own messages', () => {
    const own = (observed: number): RequestAnalysis => ({ ...request(0, [0, 0], 0), observed: { uncached: observed, cacheRead: 0, cacheWrite: 0 }, segments: [{ kind: 'system', name: 's', tokens: 500, hash: '0' }, { kind: 'message', name: 'm', tokens: 300, hash: '1' }] });
    const accuracy = predictionAccuracy([tree([own(200), own(800), request(1024, [1024, 1152], 1152)])], { unit: 128 });
    expect(accuracy).toMatchObject({ requests: 2, excludedRequests: 1, unit: 128, exactReads: 1, withinUnit: 2, readInRange: 2 });
    expect(accuracy.excluded).toEqual(["f request 0: logged input total 200 is smaller than the request's own messages (300 tokens)"]);
  });

  it('no logged requests gives zeros', () => {
    expect(predictionAccuracy([])).toMatchObject({ requests: 0, medianReadError: 0 });
  });
});
