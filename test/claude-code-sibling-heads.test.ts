import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeClaudeCodeSession } from '../src/analysis/index.js';

const SESSION = '5b1b1e55-0000-4000-8000-000000000001';
const MODEL = 'claude-sonnet-4-5-20250929';
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 5, 10, 0, 0) + seconds * 1000).toISOString();

interface Call {
  readonly id: string;
  readonly seconds: number;
  readonly prompt: string;
  readonly usage: { read: number; write: number };
  readonly agentId?: string;
}

/** One transcript of single-request turns (newer layout: subagents carry `agentId` and `isSidechain`). */
function lines(calls: readonly Call[]): string {
  const out: object[] = [];
  for (const call of calls) {
    const base = { isSidechain: call.agentId !== undefined, userType: 'external', cwd: '/src/x', sessionId: SESSION, version: '2.1.17', gitBranch: '', ...(call.agentId ? { agentId: call.agentId } : {}) };
    out.push({ ...base, parentUuid: null, type: 'user', uuid: `u-${call.id}`, timestamp: at(call.seconds), message: { role: 'user', content: call.prompt } });
    out.push({
      ...base, parentUuid: `u-${call.id}`, type: 'assistant', uuid: `a-${call.id}`, requestId: `req-${call.id}`, timestamp: at(call.seconds + 2),
      message: { model: MODEL, id: `msg-${call.id}`, type: 'message', role: 'assistant', content: [{ type: 'text', text: 'Looked; nothing unusual.' }], usage: { input_tokens: 4, cache_read_input_tokens: call.usage.read, cache_creation_input_tokens: call.usage.write, output_tokens: 9 } },
    });
  }
  return out.map((line) => JSON.stringify(line)).join('\n') + '\n';
}

/** A main session that starts two subagents two seconds apart; `types` are their logged agent types (undefined: no meta file). */
function tree(types: readonly (string | undefined)[]): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'kvprefix-siblings-'));
  const main = path.join(folder, `${SESSION}.jsonl`);
  writeFileSync(main, lines([{ id: 'm1', seconds: 0, prompt: 'Explore the repository in two halves.', usage: { read: 0, write: 15_000 } }]));
  const subagents = path.join(folder, SESSION, 'subagents');
  mkdirSync(subagents, { recursive: true });
  // The first sibling writes the shared head (10,400 tokens) and its prompt; the second reads the head.
  const siblings = [
    { id: 'aaa1111', seconds: 10, usage: { read: 0, write: 10_420 }, prompt: 'Explore src/ and list the modules.' },
    { id: 'bbb2222', seconds: 12, usage: { read: 10_400, write: 20 }, prompt: 'Explore test/ and list the suites.' },
  ];
  siblings.forEach((sibling, index) => {
    writeFileSync(path.join(subagents, `agent-${sibling.id}.jsonl`), lines([{ ...sibling, agentId: sibling.id }]));
    const type = types[index];
    if (type !== undefined) writeFileSync(path.join(subagents, `agent-${sibling.id}.meta.json`), JSON.stringify({ agentType: type }));
  });
  return main;
}

describe('Subagents of one type started together share their head', () => {
  it('the second sibling reads the head the first wrote, at the size the first one’s usage showed', async () => {
    const result = await analyzeClaudeCodeSession(tree(['Explore', 'Explore']));
    const second = result.sessions.find((session) => session.id === 'bbb2222')!.requests[0]!;
    expect(second.observed?.cacheRead).toBe(10_400);
    expect(Math.abs(second.predicted.cacheRead - 10_400)).toBeLessThanOrEqual(50);
    expect(result.notes.some((note) => note.startsWith('subagent bbb2222: first request predicted warm') && note.includes('sent by aaa1111'))).toBe(true);
    const first = result.sessions.find((session) => session.id === 'aaa1111')!.requests[0]!;
    expect(first.predicted.cacheRead).toBe(0);
  });

  it('siblings of different types do not share a head: the second is predicted cold, with the head as the top of its range', async () => {
    const result = await analyzeClaudeCodeSession(tree(['Explore', 'Plan']));
    const second = result.sessions.find((session) => session.id === 'bbb2222')!.requests[0]!;
    expect(second.predicted.cacheRead).toBe(0);
    expect(second.predicted.cacheReadRange[0]).toBe(0);
    expect(second.predicted.cacheReadRange[1]).toBeGreaterThan(10_000);
    expect(result.notes.some((note) => note.startsWith('subagent bbb2222: first request predicted cold'))).toBe(true);
  });

  it('without meta files the type is unknown, and each subagent keeps its own head', async () => {
    const result = await analyzeClaudeCodeSession(tree([undefined, undefined]));
    expect(result.sessions.find((session) => session.id === 'bbb2222')!.requests[0]!.predicted.cacheRead).toBe(0);
  });
});
