import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { analyzePaths } from '../src/analysis/index.js';
import { readRecordedRequests } from '../src/analysis/bodies/recorded-requests.js';
import { comparePrefix } from '../src/prefix/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { unitPolicies } from './support/unit-policy.js';

// `analyzePaths` on captured traffic: a cassette is one session, its requests replayed in recorded
// order through the policy, each compared with every earlier request on its route, its recorded
// usage set beside the prediction.
const CASSETTES = 'pydantic-ai-cache-cassettes/tests/models/cassettes';
const DEEPSEEK = 'test_deepseek/test_deepseek_deferred_capability_with_thinking.yaml';

describeWithCorpus(CASSETTES, 'analyze on a recorded DeepSeek cassette', () => {
  it('sets each request\'s recorded usage beside a prediction from its longest shared prefix, with the cause against the request it reuses most', async () => {
    const result = await analyzePaths([DEEPSEEK], { policyByName: unitPolicies, cwd: corpusPath(CASSETTES) });
    expect(result.trees).toHaveLength(1);
    const [tree] = result.trees;
    expect(tree!.policy).toBe('deepseek');
    expect(tree!.sessions).toHaveLength(1);
    const session = tree!.sessions[0]!;
    expect(session).toMatchObject({ file: DEEPSEEK, format: 'wire', parentSession: null, seedLength: null });

    // Observed: the cassette's responses, in DeepSeek's own fields (hit, miss).
    expect(session.requests.map((request) => request.observed)).toEqual([
      { uncached: 51, cacheRead: 512, cacheWrite: 0, output: expect.any(Number) },
      { uncached: 875, cacheRead: 0, cacheWrite: 0, output: expect.any(Number) },
      { uncached: 80, cacheRead: 896, cacheWrite: 0, output: expect.any(Number) },
    ]);

    // Predicted: the policy applied to the token LCP with the best earlier request, computed here independently.
    const requests = (await readRecordedRequests(corpusPath(CASSETTES, DEEPSEEK), DEEPSEEK)).map((recorded) => recorded.wire.request);
    for (const [index, analysis] of session.requests.entries()) {
      const lcp = Math.max(0, ...requests.slice(0, index).map((earlier) => comparePrefix(earlier, requests[index]!).commonPrefix.tokens));
      const read = 64 * Math.floor(Math.min(lcp, analysis.tokens - 1) / 64);
      expect(analysis.predicted).toEqual({ uncached: analysis.tokens - read, cacheRead: read, cacheWrite: 0, cacheReadRange: [read, read] });
      expect(analysis.cost.predicted).toBeCloseTo((analysis.tokens - read + 0.1 * read + 2 * analysis.observed!.output!) / 1e6, 12);
    }

    // Causes: none for the first, two tools revealed before search_tools for the second, an extension for the third.
    expect(session.requests[0]!.divergence).toBeNull();
    expect(session.requests[1]!.divergence).toMatchObject({ cause: 'tools', kind: 'tool', name: 'get_player_name', inferred: true, against: { session: DEEPSEEK, index: 0 } });
    expect(session.requests[2]!.divergence).toMatchObject({ cause: 'extension', against: { session: DEEPSEEK, index: 1 } });
    expect(tree!.notes.join('\n')).toContain('causes are inferred');
  });

  it('replays several files in the order given: one tree per provider with auto, one tree with a named policy', async () => {
    const openai = 'test_openai_prompt_cache/test_openai_chat_prompt_cache_e2e.yaml';
    const auto = await analyzePaths([openai, DEEPSEEK], { policyByName: unitPolicies, cwd: corpusPath(CASSETTES) });
    expect(auto.trees.map((tree) => [tree.policy, tree.sessions.map((session) => session.file)])).toEqual([['openai', [openai]], ['deepseek', [DEEPSEEK]]]);
    const named = await analyzePaths([openai, DEEPSEEK], { policyByName: unitPolicies, policy: 'deepseek', cwd: corpusPath(CASSETTES) });
    expect(named.trees.map((tree) => tree.sessions.map((session) => session.file))).toEqual([[openai, DEEPSEEK]]);
    // Different providers never share: the first DeepSeek request has nothing earlier on its route and reads nothing.
    expect(named.trees[0]!.sessions[1]!.requests[0]!.divergence).toBeNull();
    expect(named.trees[0]!.sessions[1]!.requests[0]!.predicted.cacheRead).toBe(0);
  });

  it('takes --provider over detection for every body', async () => {
    const result = await analyzePaths([DEEPSEEK], { policyByName: unitPolicies, cwd: corpusPath(CASSETTES), provider: 'sglang' });
    expect(result.trees[0]!.policy).toBe('sglang');
    expect(new Set(result.trees[0]!.sessions[0]!.requests.map((request) => request.route.provider))).toEqual(new Set(['sglang']));
  });
});

it('names a model switch inside one session as a route change, against the request before it', async () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'kvprefix-analyze-route-'));
  const messages = [{ role: 'system', content: 'You review code. '.repeat(30) }, { role: 'user', content: 'Review src/.' }];
  const interaction = (model: string) => ({ request: { method: 'POST', uri: 'https://api.deepseek.com/chat/completions', parsed_body: { model, messages } } });
  writeFileSync(path.join(directory, 'switch.json'), JSON.stringify({ interactions: [interaction('deepseek-v4-flash'), interaction('deepseek-v4-pro')] }));
  const result = await analyzePaths(['switch.json'], { policyByName: unitPolicies, cwd: directory });
  const [first, second] = result.trees[0]!.sessions[0]!.requests;
  expect(first!.divergence).toBeNull();
  expect(second!.divergence).toMatchObject({ cause: 'route', against: { session: 'switch.json', index: 0 } });
  expect(second!.predicted.cacheRead).toBe(0);
});
