import { describe, expect, it } from 'vitest';
import { analyzeJson, renderAnalyzeMarkdown, renderAnalyzeText, treeDuplication, type AnalyzeResult, type SegmentSpan, type SessionAnalysis, type SessionTreeAnalysis } from '../src/analysis/index.js';
import { deepseekRulePolicy } from './support/deepseek-rule-policy.js';

const span = (kind: string, name: string, tokens: number, inherited = false): SegmentSpan => ({ kind, name, tokens, hash: `${kind}:${name}:${tokens}`, ...(inherited ? { inherited } : {}) });
const HEAD = [span('system', 'system', 100), span('tool', 'read', 200)];

function session(id: string, parentSession: string | null, segments: readonly SegmentSpan[], cacheRead: number): SessionAnalysis {
  const tokens = segments.reduce((sum, segment) => sum + segment.tokens, 0);
  const predicted = { uncached: tokens - cacheRead, cacheRead, cacheWrite: 0, cacheReadRange: [cacheRead, cacheRead] as const };
  const request = { index: 0, time: null, route: { provider: 'deepseek', model: 'deepseek-v4-flash' }, tokens, predicted, observed: null, divergence: null, cost: { predicted: 0, observed: null }, segments };
  return { file: `${id}.jsonl`, id, format: 'dsh', parentSession, seedLength: parentSession === null ? null : 2, requests: [request] };
}

const root = session('root', null, [...HEAD, span('message', 'message[0]:user', 50)], 0);
const fork = session('fork', 'root', [...HEAD, span('message', 'message[0]:user', 50, true), span('task', 'message[1]:user', 20)], 320);
const tree = (sessions: readonly SessionAnalysis[]): SessionTreeAnalysis => ({ policy: 'deepseek', tokenizer: 'test', sessions, notes: [] });

function result(trees: readonly SessionTreeAnalysis[]): AnalyzeResult {
  const policy = deepseekRulePolicy();
  return { trees, duplications: trees.map((one) => treeDuplication(one, policy)), skipped: [], currency: 'USD' };
}

describe('the duplication section of the analyze reports', () => {
  it('follows the totals of a tree with children: inherited tokens × children, recorded and spawned instead', () => {
    const text = renderAnalyzeText(result([tree([root, fork])]));
    const lines = text.split('\n');
    const title = lines.findIndex((line) => line.includes('duplication: 1 child (1 forked), first requests under deepseek'));
    expect(title).toBeGreaterThan(lines.findIndex((line) => line.includes('totals:')));
    expect(lines[title + 1]).toContain('as recorded: inherited history 50 tokens × 1 child; sent 370, reused 320 (86.5%)');
    expect(lines[title + 2]).toContain('spawned instead: sent 320, reused 256 (80.0%)');
    expect(lines[title + 3]).toContain('recorded over spawned: +50 tokens sent, +64 reused');
    expect(renderAnalyzeMarkdown(result([tree([root, fork])]))).toContain('#### Duplication: 1 child (1 forked)');
  });

  it('a tree without children has no section, and its JSON duplication is null', () => {
    const both = result([tree([root]), tree([root, fork])]);
    expect(renderAnalyzeText(result([tree([root])]))).not.toContain('duplication');
    expect(renderAnalyzeMarkdown(result([tree([root])]))).not.toContain('Duplication');
    const json = analyzeJson(both);
    expect(json.trees[0]!.duplication).toBeNull();
    expect(json.trees[1]!.duplication).toMatchObject({ children: 1, recorded: { inheritedTokens: 50, tokensSent: 370, tokensReused: 320 }, spawned: { tokensSent: 320, tokensReused: 256 } });
  });
});
