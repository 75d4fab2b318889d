import { describe, expect, it } from 'vitest';
import { anthropicPolicy, treeDuplication, type RequestAnalysis, type SegmentSpan, type SessionAnalysis, type SessionTreeAnalysis } from '../src/analysis/index.js';
import { deepseekRulePolicy } from './support/deepseek-rule-policy.js';

// An invented tree on the DeepSeek rule (64-token units, input 1 and cache read 0.1 per million):
// a head of 300 tokens, a parent history of 80, children's tasks of 20 and 40.
const span = (kind: string, name: string, tokens: number, inherited = false): SegmentSpan => ({ kind, name, tokens, hash: `${kind}:${name}:${tokens}`, ...(inherited ? { inherited } : {}) });
const HEAD = [span('system', 'system', 100), span('tool', 'read', 200)];
const HISTORY = [span('message', 'message[0]:user', 50), span('message', 'message[1]:assistant', 30)];
const policy = deepseekRulePolicy();

function request(segments: readonly SegmentSpan[], options: { cacheRead?: number; time?: string; offset?: number; route?: RequestAnalysis['route'] } = {}): RequestAnalysis {
  const tokens = segments.reduce((sum, segment) => sum + segment.tokens, 0) + (options.offset ?? 0);
  const cacheRead = options.cacheRead ?? 0;
  return {
    index: 0,
    time: options.time ?? null,
    route: options.route ?? { provider: 'deepseek', model: 'deepseek-v4-flash' },
    tokens,
    predicted: { uncached: tokens - cacheRead, cacheRead, cacheWrite: 0, cacheReadRange: [cacheRead, cacheRead] },
    observed: null,
    divergence: null,
    cost: { predicted: 0, observed: null },
    segments,
  };
}

function session(id: string, parentSession: string | null, requests: readonly RequestAnalysis[], seedLength: number | null = null): SessionAnalysis {
  return { file: `${id}.jsonl`, id, format: 'dsh', parentSession, seedLength, requests };
}

const tree = (sessions: readonly SessionAnalysis[]): SessionTreeAnalysis => ({ policy: 'deepseek', tokenizer: 'test', sessions, notes: [] });
const root = (time?: string) => session('root', null, [request([...HEAD, ...HISTORY, span('message', 'message[2]:user', 10)], time === undefined ? {} : { time })]);

describe('treeDuplication on an invented tree', () => {
  it('a tree without children has no duplication account', () => {
    expect(treeDuplication(tree([root()]), policy)).toBeNull();
  });

  it('spawning a fork child sends its head and task only, and reuses the parent\'s head in whole 64-token units', () => {
    const fork = session('fork', 'root', [request([...HEAD, ...HISTORY.map((s) => ({ ...s, inherited: true })), span('task', 'message[2]:user', 20)], { cacheRead: 320 })], 3);
    const account = treeDuplication(tree([root(), fork]), policy)!;
    expect(account.children).toBe(1);
    expect(account.perChild[0]).toMatchObject({ session: 'fork', started: 'fork', inheritedTokens: 80 });
    expect(account.recorded).toEqual({ inheritedTokens: 80, tokensSent: 400, tokensReused: 320, cost: (80 * 1 + 320 * 0.1) / 1e6, costWithoutReuse: 400 / 1e6 });
    // Spawned: 300 head + 20 task; the parent's request shares the 300-token head: 256 read.
    expect(account.spawned).toEqual({ inheritedTokens: 0, tokensSent: 320, tokensReused: 256, cost: (64 * 1 + 256 * 0.1) / 1e6, costWithoutReuse: 320 / 1e6 });
    expect(account.recordedOverSpawned).toMatchObject({ tokensSent: 80, tokensReused: 64 });
    expect(account.notes.join(' ')).toContain('whole segments');
  });

  it('a later sibling spawned instead reads from an earlier one spawned the same way', () => {
    const task = span('task', 'message[2]:user', 200);
    const first = session('first', 'root', [request([...HEAD, ...HISTORY.map((s) => ({ ...s, inherited: true })), task], { cacheRead: 320 })], 3);
    const second = session('second', 'root', [request([...HEAD, ...HISTORY.map((s) => ({ ...s, inherited: true })), task, span('message', 'message[3]:user', 40)], { cacheRead: 576 })], 3);
    const account = treeDuplication(tree([root(), first, second]), policy)!;
    // The second child spawned (head, task, one message: 540) starts with the first child spawned whole (head and task: 500).
    expect(account.perChild[1]!.spawned).toMatchObject({ tokensSent: 540, tokensReused: 448 });
    expect(account.recorded.inheritedTokens).toBe(160);
  });

  it('a child that inherited nothing is its own spawned counterfactual', () => {
    const spawnChild = session('spawned', 'root', [request([...HEAD, span('task', 'message[0]:user', 20)], { cacheRead: 256 })]);
    const account = treeDuplication(tree([root(), spawnChild]), policy)!;
    expect(account.perChild[0]!.started).toBe('spawn');
    expect(account.perChild[0]!.spawned).toEqual(account.perChild[0]!.recorded);
    expect(account.recordedOverSpawned).toEqual({ tokensSent: 0, tokensReused: 0, cost: 0, costWithoutReuse: 0 });
  });

  it('under a breakpoint policy the spawned child reads the parent\'s head at its assumed head breakpoint', () => {
    const bigHead = [span('system', 'system', 3000), span('tool', 'read', 2000)];
    const route = { provider: 'anthropic', model: 'claude-sonnet-4-5' };
    const parent = session('root', null, [request([...bigHead, ...HISTORY], { route })]);
    const fork = session('fork', 'root', [request([...bigHead, ...HISTORY.map((s) => ({ ...s, inherited: true })), span('task', 'message[2]:user', 20)], { cacheRead: 5080, route })], 3);
    const account = treeDuplication(tree([parent, fork]), anthropicPolicy)!;
    expect(account.perChild[0]!.spawned).toMatchObject({ tokensSent: 5020, tokensReused: 5000 });
  });

  it('a child whose head differs reuses, spawned, only the head segments before the difference', () => {
    const reportHead = [...HEAD, span('tool', 'report', 40)];
    const continuable = session('continuable', 'root', [request([...reportHead, ...HISTORY.map((s) => ({ ...s, inherited: true })), span('task', 'message[2]:user', 20)], { cacheRead: 256 })], 3);
    const account = treeDuplication(tree([root(), continuable]), policy)!;
    expect(account.perChild[0]!.spawned).toMatchObject({ tokensSent: 360, tokensReused: 256 });
  });

  it('the calibration offset stays with the head, and a parent request sent after the child is no source', () => {
    const child = (time: string) => session('fork', 'root', [request([...HEAD, ...HISTORY.map((s) => ({ ...s, inherited: true })), span('task', 'message[2]:user', 20)], { cacheRead: 320, offset: 70, time })], 3);
    const before = treeDuplication(tree([root('2026-01-01T00:00:00Z'), child('2026-01-01T00:00:05Z')]), policy)!;
    // 300 head + 70 offset shared of 390 sent: 320 read.
    expect(before.perChild[0]!.spawned).toMatchObject({ tokensSent: 390, tokensReused: 320 });
    const after = treeDuplication(tree([root('2026-01-01T00:00:10Z'), child('2026-01-01T00:00:05Z')]), policy)!;
    expect(after.perChild[0]!.spawned).toMatchObject({ tokensSent: 390, tokensReused: 0 });
  });
});
