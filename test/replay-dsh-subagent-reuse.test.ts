import { beforeAll, expect, it } from 'vitest';
import { analyzeDshSessionTree, type SessionTreeAnalysis } from '../src/analysis/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

const scenario = (name: string) => corpusPath('dsh/examples/acp-agent/tests/snapshots', name);

describeWithCorpus('dsh', 'what a DSH child reuses from its parent, replayed from recorded usage', () => {
  let fork: SessionTreeAnalysis;
  let spawn: SessionTreeAnalysis;

  beforeAll(async () => {
    fork = await analyzeDshSessionTree(scenario('subagent-fork-in-process'));
    spawn = await analyzeDshSessionTree(scenario('subagent-spawn-in-process'));
  }, 60_000);

  it('a one-shot fork child reuses the head and its inherited history: predicted read equals the observed 2,816', () => {
    const [parent, child] = fork.sessions;
    expect(child?.parentSession).toBe(parent?.id);
    expect(child?.seedLength).toBe(42);
    const request = child!.requests[0]!;
    expect(request.observed?.cacheRead).toBe(2816);
    expect(request.predicted.cacheRead).toBe(2816);
    // It stops sharing only at its task, after the inherited turn, which its segments mark as inherited.
    expect(request.divergence?.cause).toBe('task');
    expect(request.divergence?.against?.session).toBe(parent?.id);
    const inherited = [...request.segments!].filter((segment) => segment.inherited);
    expect(inherited.map((segment) => segment.kind)).toEqual(['message', 'message', 'message']);
  });

  it("the fork parent's next turn drops turn 1's reasoning, so it shares all but the last token of turn 1's request", () => {
    const parent = fork.sessions[0]!;
    expect(parent.requests.map((request) => request.predicted.cacheRead)).toEqual([0, 2816, 2944]);
    expect(parent.requests.map((request) => request.observed?.cacheRead)).toEqual([0, 2816, 3072]);
    // The tool loop's read of 3,072 needs the first step's response stored: the range's high end.
    expect(parent.requests[2]!.predicted.cacheReadRange).toEqual([2944, 3072]);
  });

  it("a spawn child reuses the parent's head only: it differs from the parent's request at its first message", () => {
    const [parent, child] = spawn.sessions;
    const request = child!.requests[0]!;
    expect(request.divergence).toMatchObject({ kind: 'task', name: 'message[0]:user', against: { session: parent!.id, index: 0 } });
    const head = [...request.segments!].filter((segment) => segment.kind === 'system' || segment.kind === 'tool');
    expect([...request.segments!].slice(0, head.length)).toEqual(head);
    // What it can read is at most the head and the User marker that opens its first message.
    const messageTokens = [...request.segments!].filter((segment) => segment.kind === 'message' || segment.kind === 'task').reduce((sum, segment) => sum + segment.tokens, 0);
    expect(request.predicted.cacheRead).toBeGreaterThan(0);
    expect(request.predicted.cacheRead).toBeLessThanOrEqual(request.tokens - messageTokens + 1);
  });
});
