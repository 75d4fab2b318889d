import { beforeAll, describe, expect, it } from 'vitest';
import { pageData } from '../src/analysis/report/html/index.js';
import type { SessionTreeAnalysis } from '../src/analysis/result/session-analysis.js';
import { PrefixTokenCounter } from '../src/prefix/index.js';
import { readRequestFile } from '../src/analysis/index.js';
import { EXAMPLES_DIRECTORY, exampleFamily } from './support/example-family.js';

let tree: SessionTreeAnalysis;

beforeAll(async () => {
  tree = await exampleFamily();
});

const HEAD = new Set(['system', 'tool', 'sdk']);

describe('analyzeRequestFamily on the bundled DSH fork parent and children', () => {
  it('makes one wire session per request, children pointing at the parent', () => {
    expect(tree.sessions.map((session) => [session.id, session.parentSession, session.requests.length])).toEqual([
      ['fork-parent.request.json', null, 1],
      ['fork-child-one-shot.request.json', 'fork-parent.request.json', 1],
      ['fork-child-continuable.request.json', 'fork-parent.request.json', 1],
    ]);
    expect(tree.tokenizer).toBe('o200k_base');
  });

  it('segment tokens sum to the request, and are the whole-prefix increments', async () => {
    const counter = new PrefixTokenCounter();
    const child = await readRequestFile('fork-child-one-shot.request.json', { cwd: EXAMPLES_DIRECTORY });
    const request = tree.sessions[1]!.requests[0]!;
    expect([...request.segments!].reduce((sum, segment) => sum + segment.tokens, 0)).toBe(request.tokens);
    expect(request.tokens).toBe(counter.prefixTokens(child.request.segments));
    expect([...request.segments!].map((segment) => segment.hash)).toEqual(child.request.segments.map((segment) => segment.hash.toString(16).padStart(16, '0')));
  });

  it('the one-shot child diverges at its task, after the inherited history', () => {
    const request = tree.sessions[1]!.requests[0]!;
    expect(request.divergence).toMatchObject({ kind: 'task', cause: 'task', inferred: true, against: { session: 'fork-parent.request.json', index: 0 } });
    const inherited = [...request.segments!].filter((segment) => segment.inherited);
    expect(inherited.map((segment) => segment.kind)).toEqual(['message', 'message', 'message']);
    const row = pageData([tree])[0]!.rows[1]!;
    const inheritedEnd = [...request.segments!].reduce((end, segment, index) => (segment.inherited ? [...request.segments!].slice(0, index + 1).reduce((sum, s) => sum + s.tokens, 0) : end), 0);
    // The break is drawn in the task: at its start, or at the predicted reuse when the task's JSON
    // framing (`{"role":"user","content":"`) is shared too and the reuse reaches into it.
    const task = [...request.segments!].find((segment) => segment.kind === 'task')!;
    expect(row.break!.at).toBeGreaterThanOrEqual(inheritedEnd);
    expect(row.break!.at).toBeLessThan(inheritedEnd + task.tokens);
    expect(request.predicted.cacheRead).toBeGreaterThan(0);
  });

  it('the continuable child diverges in its head, at the report tool, and marks the same history inherited', () => {
    const request = tree.sessions[2]!.requests[0]!;
    expect(request.divergence!.cause).toBe('report-tool');
    expect(HEAD.has(request.divergence!.kind!)).toBe(true);
    expect([...request.segments!].filter((segment) => segment.inherited)).toHaveLength(3);
    const row = pageData([tree])[0]!.rows[2]!;
    const firstMessage = [...request.segments!].findIndex((segment) => !HEAD.has(segment.kind));
    const headTokens = [...request.segments!].slice(0, firstMessage).reduce((sum, segment) => sum + segment.tokens, 0);
    expect(row.break!.at).toBeLessThan(headTokens);
    expect(row.reused).toBeLessThan(headTokens);
  });
});
