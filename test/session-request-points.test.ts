import { expect, it } from 'vitest';
import { modelRequestPoints, readSessionLog } from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

const SCENARIO = 'dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process';

describeWithCorpus('dsh', 'model request points', () => {
  it('the fork parent sent three requests, with the usage DeepSeek reported (corpus README)', async () => {
    const parent = await readSessionLog(corpusPath(SCENARIO, 'session.jsonl'));
    const points = modelRequestPoints(parent);
    expect(points.map(({ turn, step, seeded }) => ({ turn, step, seeded }))).toEqual([
      { turn: 1, step: 1, seeded: false },
      { turn: 2, step: 1, seeded: false },
      { turn: 2, step: 2, seeded: false },
    ]);
    // (uncached, cache read) = (2885, 0), (158, 2816), (65, 3072).
    expect(points.map((point) => [point.usage?.inputTokens, point.usage?.cacheReadTokens])).toEqual([
      [2885, 0],
      [158, 2816],
      [65, 3072],
    ]);
    // Each point is the last event before the step's first model output: its request/context for turn 1.
    expect(parent.events.find((entry) => entry.seq === points[0]!.through)?.event.type).toBe('request/context');
  });

  it('the fork child sent one request of its own; the seed step is the parent\'s, flagged as seeded', async () => {
    const child = await readSessionLog(corpusPath(SCENARIO, 'session.1.jsonl'));
    const points = modelRequestPoints(child);
    expect(points.map(({ turn, step, seeded }) => ({ turn, step, seeded }))).toEqual([
      { turn: 1, step: 1, seeded: true },
      { turn: 2, step: 1, seeded: false },
    ]);
    expect(points[1]?.usage).toMatchObject({ inputTokens: 97, cacheReadTokens: 2816 });
    // The child's request went out after its resumed request/header.
    expect(child.events.find((entry) => entry.seq === points[1]!.through)?.event.type).toBe('request/header');
  });
});
