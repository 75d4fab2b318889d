import { beforeAll, expect, it } from 'vitest';
import { analyzeDshSessionTree, predictionAccuracy, type SessionTreeAnalysis } from '../src/analysis/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

/*
 * Today's DSH fixtures were edited after recording and kept the old usage (shared/DESIGN.md,
 * "Fixtures drifted; the model did not"): they stay readable, and where a prediction misses its
 * logged total the tree says the log carries placeholders, so the miss is not taken for model error.
 */
describeWithCorpus('dsh', 'a drifted DSH fixture', () => {
  let spawn: SessionTreeAnalysis;
  let skill: SessionTreeAnalysis;

  beforeAll(async () => {
    const snapshots = corpusPath('dsh', 'examples', 'acp-agent', 'tests', 'snapshots');
    spawn = await analyzeDshSessionTree(`${snapshots}/subagent-spawn-in-process`);
    skill = await analyzeDshSessionTree(`${snapshots}/skill-load`);
  }, 120_000);

  it('reports its heads as rebuilt from placeholders and calibrated, and says misses are drift of the log', () => {
    expect(spawn.heads!.length).toBeGreaterThan(0);
    expect(spawn.heads!.every((head) => head.source === 'placeholders')).toBe(true);
    expect(spawn.heads![0]!.calibration).toMatchObject({ applied: true, on: 'session.jsonl request 0' });
    const misses = spawn.sessions.flatMap((session) => session.requests).filter((request) => request.observed && request.tokens !== request.observed.uncached + request.observed.cacheRead + request.observed.cacheWrite);
    expect(misses.length).toBeGreaterThan(0);
    expect(spawn.notes.some((note) => note.startsWith(`${misses.length} of `) && note.includes('carries placeholders') && note.includes('not as model error'))).toBe(true);
  });

  it('leaves authored usage smaller than the request\'s own messages out of the self-check, and says why', () => {
    const accuracy = predictionAccuracy([skill]);
    expect(accuracy.excludedRequests).toBeGreaterThan(0);
    expect(accuracy.excluded.every((reason) => reason.includes("smaller than the request's own messages"))).toBe(true);
  });
});
