import { expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// `kvprefix analyze` on a DSH scenario folder: the folder is one session tree, replayed whole by the
// DSH replay through the DeepSeek policy; naming a log in it gives the same tree.
const SCENARIO = 'dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process';

describeWithCorpus('dsh', 'kvprefix analyze on a DSH session folder', () => {
  it('replays the parent and its fork child as one tree, with the usage DeepSeek recorded beside each prediction', async () => {
    const io = bufferedIo(corpusPath());
    expect(await runCli(['analyze', SCENARIO, `${SCENARIO}/session.1.jsonl`, '--json'], io)).toBe(EXIT.ok);
    expect(io.err.join('')).toBe('');
    const result = JSON.parse(io.out.join(''));
    // The folder and a log inside it are the same tree: analysed once.
    expect(result.trees).toHaveLength(1);
    expect(result.trees[0].policy).toBe('deepseek');
    const [parent, child] = result.sessions;
    expect(parent).toMatchObject({ parentSession: null, seedLength: null });
    expect(child).toMatchObject({ parentSession: parent.id, seedLength: 42 });
    // corpus/README.md: the parent read (uncached, cache read) = (2885, 0), (158, 2816), (65, 3072); the child (97, 2816).
    expect(parent.requests.map((request: { observed: { uncached: number; cacheRead: number } }) => [request.observed.uncached, request.observed.cacheRead])).toEqual([[2885, 0], [158, 2816], [65, 3072]]);
    expect(child.requests[0].observed).toMatchObject({ uncached: 97, cacheRead: 2816 });
    expect(child.requests[0].divergence).toMatchObject({ cause: 'task', against: { session: parent.id } });
    // The prediction beside each: the cold first request reads nothing; DeepSeek reads whole 128-token
    // units; and every read DeepSeek logged lies in the range the replay predicted for it.
    type Usage = { cacheRead: number };
    type Request = { predicted: Usage & { cacheReadRange: [number, number] }; observed: Usage };
    const requests: Request[] = [...parent.requests, ...child.requests];
    expect(requests).toHaveLength(4);
    expect(requests[0]!.predicted.cacheRead).toBe(0);
    for (const request of requests) {
      expect(request.predicted.cacheRead % 128).toBe(0);
      const [low, high] = request.predicted.cacheReadRange;
      expect(request.observed.cacheRead).toBeGreaterThanOrEqual(low);
      expect(request.observed.cacheRead).toBeLessThanOrEqual(high);
    }
  });
});
