import { expect, it } from 'vitest';
import { analyzeDshSessionTree, deepseekPolicy, treeDuplication } from '../src/analysis/index.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

const SCENARIO = 'dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process';

describeWithCorpus('dsh', 'duplication account of the recorded DSH fork scenario', () => {
  it('the fork child inherits the sum of its inherited segments and reuses what the analysis predicted for its first request', async () => {
    const tree = await analyzeDshSessionTree(corpusPath(SCENARIO));
    const duplication = treeDuplication(tree, deepseekPolicy);
    const child = tree.sessions.find((session) => session.parentSession !== null)!;
    const first = child.requests[0]!;
    const inherited = [...first.segments!].filter((segment) => segment.inherited).reduce((sum, segment) => sum + segment.tokens, 0);
    expect(inherited).toBeGreaterThan(0);
    expect(duplication).not.toBeNull();
    expect(duplication!.children).toBe(1);
    const [account] = duplication!.perChild;
    expect(account).toMatchObject({ session: child.id, started: 'fork', inheritedTokens: inherited });
    expect(account!.recorded.tokensSent).toBe(first.tokens);
    expect(account!.recorded.tokensReused).toBe(first.predicted.cacheRead);
    expect(duplication!.recorded).toMatchObject({ inheritedTokens: inherited, tokensSent: first.tokens, tokensReused: first.predicted.cacheRead });
    // Spawned instead, the child sends its head and task only, and the head is the parent's: reused in part, never more than it sends.
    const spawned = account!.spawned!;
    expect(spawned.tokensSent).toBe(first.tokens - inherited);
    expect(spawned.tokensReused).toBeGreaterThan(0);
    expect(spawned.tokensReused).toBeLessThanOrEqual(spawned.tokensSent);
    expect(duplication!.recordedOverSpawned!.tokensSent).toBe(inherited);
    const prices = deepseekPolicy.pricesFor(first.route.model);
    expect(account!.recorded.costWithoutReuse).toBeCloseTo((first.tokens * prices.input) / 1e6, 12);
    expect(account!.recorded.cost).toBeLessThan(account!.recorded.costWithoutReuse);
  });
});

describeWithCorpus('dsh', 'kvprefix analyze reports the duplication of the recorded DSH fork scenario', () => {
  it('the JSON tree carries the duplication account and the text report its section', async () => {
    const json = bufferedIo(corpusPath());
    expect(await runCli(['analyze', SCENARIO, '--json'], json)).toBe(EXIT.ok);
    const result = JSON.parse(json.out.join(''));
    const child = result.sessions.find((session: { parentSession: string | null }) => session.parentSession !== null);
    expect(result.trees[0].duplication).toMatchObject({ policy: 'deepseek', children: 1, recorded: { tokensSent: child.requests[0].tokens, tokensReused: child.requests[0].predicted.cacheRead } });
    const text = bufferedIo(corpusPath());
    expect(await runCli(['analyze', SCENARIO], text)).toBe(EXIT.ok);
    expect(text.out.join('')).toMatch(/duplication: 1 child \(1 forked\)[^\n]*\n +as recorded: inherited history [\d,]+ tokens × 1 child/);
  });
});
