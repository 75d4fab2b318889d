import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeDshSessionTree, costOf, type SessionTreeAnalysis } from '../src/analysis/index.js';
import { deepseekPolicy } from '../src/analysis/deepseek/deepseek-policy.js';

/*
 * A small session tree written here (no corpus needed): a root with two turns on deepseek-v4-flash
 * and a spawned child on another model. Usage is chosen by hand: the first request's 1,000 tokens
 * calibrate the head, so the second turn (which drops turn 1's reasoning and so shares all but the
 * last token of the first request) must read 128 × ⌊999 / 128⌋ = 896.
 */

const system = 'You are terse.';
const tools = [{ name: 'read', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } }];
const header = (model: string) => ({ type: 'request/header', data: { header: { config: { provider: 'deepseek-official', model }, system, tools }, reason: 'initial' } });
const user = (text: string, id: string) => ({ type: 'user/message', data: { content: [{ type: 'text', text }], source: { kind: 'user' }, role: 'user', id }, surfaceOp: 'append' });
const answer = (turn: number, text: string, usage: Record<string, number>, model = 'deepseek-v4-flash') => ({
  type: 'assistant/message',
  data: {
    turn,
    step: 1,
    message: { role: 'assistant', content: [{ type: 'reasoning', text: `think ${turn}` }, { type: 'text', text }], source: { kind: 'model', provider: 'deepseek-official', model }, id: `a${turn}` },
    usage,
  },
  surfaceOp: 'append',
});
const turn = (number: number, rows: object[]) => [{ type: 'turn/start', data: { turn: number } }, { type: 'step/start', data: { turn: number, step: 1 } }, ...rows, { type: 'step/end', data: { turn: number, step: 1 } }, { type: 'turn/end', data: { turn: number, reason: { kind: 'completed' } } }];
const jsonl = (rows: object[]) => `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`;

describe('analyzeDshSessionTree on a written session tree', () => {
  let folder: string;
  let tree: SessionTreeAnalysis;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'kvprefix-replay-'));
    const rootId = 'root-session';
    writeFileSync(
      path.join(folder, 'session.jsonl'),
      jsonl([
        { type: 'session', version: 0, id: rootId, createdAt: 1, delegationDepth: 0 },
        ...turn(1, [user('Say ONE', 'u1'), header('deepseek-v4-flash'), answer(1, 'ONE', { inputTokens: 1000, outputTokens: 5, cacheReadTokens: 0 })]),
        ...turn(2, [user('Say TWO', 'u2'), answer(2, 'TWO', { inputTokens: 120, outputTokens: 5, cacheReadTokens: 896 })]),
      ]),
    );
    writeFileSync(
      path.join(folder, 'session.1.jsonl'),
      jsonl([
        { type: 'session', version: 0, id: 'child-session', createdAt: 2, parentSession: rootId, delegationDepth: 1 },
        ...turn(1, [user('Say ONE', 'c1'), header('deepseek-v4-pro'), answer(1, 'ONE', { inputTokens: 1000, outputTokens: 5, cacheReadTokens: 0 }, 'deepseek-v4-pro')]),
      ]),
    );
    // The hand-chosen totals stand for a head the log does not carry as sent: calibrate every head.
    tree = await analyzeDshSessionTree(folder, { calibrate: 'first-request' });
  }, 60_000);

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('calibrates the head on the first observed request and predicts nothing read for it', () => {
    const first = tree.sessions[0]!.requests[0]!;
    expect(first.tokens).toBe(1000);
    expect(first.predicted.cacheReadRange).toEqual([0, 0]);
    expect(tree.notes.some((note) => note.includes('calibrated on session.jsonl request 0'))).toBe(true);
    expect(tree.tokenizer).toBe('deepseek-v4 (calibrated)');
  });

  it('reads whole units of what the next turn shares: all but the think tag of the first request', () => {
    const second = tree.sessions[0]!.requests[1]!;
    expect(second.predicted.cacheReadRange).toEqual([896, 896]);
    expect(second.observed).toEqual({ uncached: 120, cacheRead: 896, cacheWrite: 0, output: 5 });
    // It stops sharing at the end of turn 1's user message, where <think> became </think>.
    expect(second.divergence).toMatchObject({ kind: 'message', name: 'message[0]:user', against: { session: 'root-session', index: 0 } });
    // Priced at DeepSeek's Flash rates in force at the request's time, the observed output included.
    const flash = deepseekPolicy.pricesFor('deepseek-v4-flash', second.time === null ? undefined : new Date(second.time));
    expect(second.cost.predicted).toBeCloseTo(costOf(second.predicted, flash, 5), 12);
    expect(second.cost.observed).toBeCloseTo((120 * flash.input + 896 * flash.cacheRead + 5 * flash.output) / 1e6, 12);
  });

  it('another model shares nothing, whatever its bytes', () => {
    const child = tree.sessions[1]!;
    expect(child.parentSession).toBe('root-session');
    expect(child.requests[0]!.predicted.cacheReadRange).toEqual([0, 0]);
    expect(child.requests[0]!.route.model).toBe('deepseek-v4-pro');
  });

  it('draws each request as its segments: head, then one per message, token counts summing to the rendering', () => {
    const segments = [...tree.sessions[0]!.requests[1]!.segments!];
    expect(segments.map((segment) => segment.kind)).toEqual(['system', 'tool', 'message', 'message', 'message']);
    expect(segments.every((segment) => segment.tokens > 0 && /^[0-9a-f]{16}$/.test(segment.hash))).toBe(true);
  });

  it('a request after a gap longer than the TTL reads nothing (event times order the replay and age the cache)', async () => {
    const gapFolder = mkdtempSync(path.join(os.tmpdir(), 'kvprefix-replay-gap-'));
    try {
      const hour = 3600 * 1000;
      const at = (time: number, rows: object[]) => rows.map((row) => ({ ...row, time }));
      writeFileSync(
        path.join(gapFolder, 'session.jsonl'),
        jsonl([
          { type: 'session', version: 0, id: 'gap-session', createdAt: 0, delegationDepth: 0 },
          ...at(1000, turn(1, [user('Say ONE', 'u1'), header('deepseek-v4-flash'), answer(1, 'ONE', { inputTokens: 1000, outputTokens: 5, cacheReadTokens: 0 })])),
          ...at(1000 + 25 * hour, turn(2, [user('Say TWO', 'u2'), answer(2, 'TWO', { inputTokens: 1016, outputTokens: 5, cacheReadTokens: 0 })])),
        ]),
      );
      const gap = await analyzeDshSessionTree(gapFolder);
      const [first, second] = gap.sessions[0]!.requests;
      expect(second!.time).toBe(new Date(1000 + 25 * hour).toISOString());
      expect(first!.predicted.cacheReadRange).toEqual([0, 0]);
      expect(second!.predicted.cacheReadRange).toEqual([0, 0]);
    } finally {
      rmSync(gapFolder, { recursive: true, force: true });
    }
  });
});
