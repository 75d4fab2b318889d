import { expect, it } from 'vitest';
import { analyzeClaudeCodeSession } from '../src/analysis/index.js';
import { predictionAccuracy } from '../src/analysis/result/index.js';
import type { SessionTreeAnalysis } from '../src/analysis/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

const PROJECTS = 'claude-code-sessions/test/test_data/real_projects';
const MAIN_SESSIONS = [
  '-Users-dain-workspace-coderabbit-review-helper/cb2e607c-c758-415a-8b45-c49e4631906a.jsonl',
  '-src-deep-manifest/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl',
  '-src-experiments-claude_p/256ba646-2c15-437a-98e9-4171aafd030e.jsonl',
  '-src-experiments-claude_p/29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl',
  '-src-experiments-claude_p/2b4ed4c0-b905-41de-9238-273db3ec737a.jsonl',
  '-src-experiments-claude_p/94604a7b-062f-4369-bdf0-da948381c3e5.jsonl',
];

describeWithCorpus(PROJECTS, 'Claude Code sessions replayed through the Anthropic policy', () => {
  let trees: SessionTreeAnalysis[] = [];
  const treeOf = (file: string): SessionTreeAnalysis => trees[MAIN_SESSIONS.indexOf(file)]!;

  it('reads every main session with its subagents, one request per message and request id', async () => {
    trees = [];
    for (const file of MAIN_SESSIONS) trees.push(await analyzeClaudeCodeSession(corpusPath(PROJECTS, file)));
    const counts = trees.map((tree) => tree.sessions.map((session) => session.requests.length));
    // Counted independently: distinct (message.id, requestId) pairs with usage per file.
    expect(counts).toEqual([[80, 1, 1, 5], [103, 6], [4], [2, 10], [10], [1]]);
    expect(treeOf(MAIN_SESSIONS[0]!).sessions.slice(1).map((session) => session.parentSession)).toEqual(['cb2e607c-c758-415a-8b45-c49e4631906a', 'cb2e607c-c758-415a-8b45-c49e4631906a', 'cb2e607c-c758-415a-8b45-c49e4631906a']);
    expect(treeOf(MAIN_SESSIONS[3]!).sessions[1]!.file).toMatch(/subagents\/agent-a2271d1\.jsonl$/);
  });

  it('predicted cold or warm matches the logged usage on at least 95% of requests (measured 100%)', () => {
    const accuracy = predictionAccuracy(trees);
    expect(accuracy.requests).toBe(223);
    expect(accuracy.coldWarmAgree / accuracy.requests).toBeGreaterThanOrEqual(0.95);
  });

  it('the predicted cache read is exact on at least 90% of requests (measured 96.0%), median error 0', () => {
    const accuracy = predictionAccuracy(trees);
    expect(accuracy.medianReadError).toBe(0);
    expect(accuracy.exactReads / accuracy.requests).toBeGreaterThanOrEqual(0.9);
    expect(accuracy.readsWithin[2048]! / accuracy.requests).toBeGreaterThanOrEqual(0.95);
  });

  it('a request after an idle gap longer than the TTL reads only the global head, and says why', () => {
    const main = treeOf(MAIN_SESSIONS[0]!).sessions[0]!;
    // 11:35:21 → 11:43:18: 7m50s idle; the log shows 12,317 read (the head) and 22,961 written.
    const afterGap = main.requests.find((request) => request.time?.startsWith('2025-11-17T11:43:18'))!;
    expect(afterGap.observed).toMatchObject({ cacheRead: 12_317 });
    expect(afterGap.predicted.cacheRead).toBe(12_317);
    expect(afterGap.divergence).toMatchObject({ cause: 'ttl', against: { index: 22 } });
  });

  it('subagents start cold: their first request reads nothing, as logged', () => {
    const subagents = trees.flatMap((tree) => tree.sessions.slice(1));
    expect(subagents).toHaveLength(5);
    for (const session of subagents) expect(session.requests[0]).toMatchObject({ predicted: { cacheRead: 0 }, observed: { cacheRead: 0 } });
  });

  it('steady turns are extensions of the request before them', () => {
    const main = treeOf(MAIN_SESSIONS[1]!).sessions[0]!;
    const causes = main.requests.slice(1).map((request) => request.divergence?.cause);
    expect(causes.filter((cause) => cause === 'extension').length).toBeGreaterThan(causes.length * 0.9);
  });
});
