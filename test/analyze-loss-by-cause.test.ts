import { describe, expect, it } from 'vitest';
import { policyByName, type RequestAnalysis, type SessionAnalysis, type SessionTreeAnalysis } from '../src/analysis/index.js';
import { treeLossByCause } from '../src/analysis/analyze/lost-by-cause.js';
import { lossCauseOf } from '../src/analysis/causes/loss-cause.js';

// Where the cache went: each request's predicted uncached + written tokens land in one cause, and
// the rows of a tree add up to the tree's whole loss.
function request(index: number, cause: string | null, lost: { uncached: number; cacheWrite: number }, time = `2026-01-01T00:0${index}:00.000Z`): RequestAnalysis {
  const predicted = { ...lost, cacheRead: 1000, cacheReadRange: [1000, 1000] as [number, number] };
  return {
    index,
    time,
    route: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
    tokens: 1000 + lost.uncached + lost.cacheWrite,
    predicted,
    observed: null,
    divergence: cause === null ? null : { kind: null, name: null, cause, detail: `${cause} happened`, inferred: true, against: { session: 'root', index: Math.max(0, index - 1) } },
    cost: { predicted: 0, observed: null },
  };
}

const session = (id: string, parentSession: string | null, requests: RequestAnalysis[]): SessionAnalysis => ({ file: `${id}.jsonl`, id, format: 'claude-code', parentSession, seedLength: null, requests });

describe('loss by cause', () => {
  const root = session('root', null, [
    request(0, null, { uncached: 3, cacheWrite: 500 }),
    request(1, 'extension', { uncached: 2, cacheWrite: 40 }),
    request(2, 'ttl', { uncached: 1, cacheWrite: 900 }),
    request(3, 'system', { uncached: 0, cacheWrite: 700 }),
    request(4, 'history', { uncached: 5, cacheWrite: 60 }),
    request(5, 'route', { uncached: 0, cacheWrite: 1200 }),
  ]);
  const child = session('child', 'root', [request(0, 'system', { uncached: 0, cacheWrite: 300 }), request(1, 'tools', { uncached: 0, cacheWrite: 20 })]);
  const tree: SessionTreeAnalysis = { policy: 'anthropic', tokenizer: 'o200k_base', sessions: [root, child], notes: [] };

  it.each([
    ['root', root, 0, 'cold-first'],
    ['root', root, 1, 'new-content'],
    ['root', root, 2, 'idle-gap'],
    ['root', root, 3, 'head-change'],
    ['root', root, 4, 'compaction-rewind'],
    ['root', root, 5, 'route-change'],
    ['child (its head differs from the root\'s)', child, 0, 'cold-subagent'],
    ['child', child, 1, 'head-change'],
  ] as const)('%s request %i is %s', (_name, owner, index, cause) => {
    expect(lossCauseOf(owner.requests[index]!, owner)).toBe(cause);
  });

  it('the rows add up to every uncached and written token, new content last, each with its costliest example and advice', () => {
    const rows = treeLossByCause(tree, policyByName('anthropic'));
    const lost = tree.sessions.flatMap((owner) => owner.requests).reduce((sum, each) => sum + each.predicted.uncached + each.predicted.cacheWrite, 0);
    expect(rows.reduce((sum, row) => sum + row.tokens, 0)).toBe(lost);
    expect(rows.at(-1)!.cause).toBe('new-content');
    const head = rows.find((row) => row.cause === 'head-change')!;
    expect(head).toMatchObject({ requests: 2, tokens: 720, worst: { session: 'root', index: 3, tokens: 700 } });
    expect(head.cost).toBeCloseTo((720 * policyByName('anthropic').pricesFor('claude-sonnet-4-5').cacheWrite) / 1e6, 12);
    const idle = rows.find((row) => row.cause === 'idle-gap')!;
    expect(idle.worst!.detail).toBe('idle 1m00s: ttl happened');
    expect(rows.every((row) => row.advice.length > 0)).toBe(true);
  });
});
