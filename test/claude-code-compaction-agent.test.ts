import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeClaudeCodeSession } from '../src/analysis/index.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { writeTranscript } from './support/claude-code-transcript.js';

// Issue 27 §1: a compaction agent (`agent-acompact-*`) sends the parent's conversation as the parent
// last sent it, then its instruction: its first request reads what the parent cached.
const SESSION = '11111111-2222-4333-8444-555555555555';
// marot/spotter's 2.1.39 compaction agent, its session's transcript left out (see the fixture's README).
const SPOTTER_PROJECT = path.resolve(import.meta.dirname, 'fixtures/claude-code-public/marot-spotter/projects/-home-USER-projects-spotter-worktrees-spotter-dov');
const made: string[] = [];
afterAll(() => made.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A session of two turns and one subagent of its own under `<session>/subagents/<name>` that logged `usage` on its first call. */
function session(name: string, usage: { input: number; read: number; write: number }, agentAt = '2026-03-01T10:00:20.000Z'): string {
  const main = writeTranscript(
    [
      { at: '2026-03-01T10:00:00.000Z', userText: 'first', usage: { input: 10, read: 0, write: 2000 } },
      { at: '2026-03-01T10:00:10.000Z', userText: 'second', usage: { input: 12, read: 2000, write: 40 } },
    ],
    { sessionId: SESSION },
  );
  const folder = path.dirname(main);
  made.push(folder);
  const file = path.join(folder, `${SESSION}.jsonl`);
  renameSync(main, file);
  const agent = writeTranscript([{ at: agentAt, userText: 'Summarize the conversation so far.', usage }], { sidechain: true, sessionId: SESSION });
  made.push(path.dirname(agent));
  const nested = path.join(folder, SESSION, 'subagents');
  mkdirSync(nested, { recursive: true });
  // Its own uuids, as every Claude Code entry has.
  writeFileSync(path.join(nested, name), readFileSync(agent, 'utf8').replace(/"(user|assistant)-0/g, '"agent-$1-0'));
  return file;
}

describe('Claude Code compaction agents', () => {
  it("a compaction agent's first request is predicted to read the parent's cached conversation, as logged", async () => {
    const tree = await analyzeClaudeCodeSession(session('agent-acompact-1a2b3c.jsonl', { input: 8, read: 2040, write: 30 }));
    const agent = tree.sessions[1]!;
    expect(agent.parentSession).toBe(SESSION);
    expect(agent.requests).toHaveLength(1);
    expect(agent.requests[0]!.predicted.cacheRead).toBe(2040);
    expect(agent.requests[0]!.observed).toMatchObject({ cacheRead: 2040 });
  });

  it('another subagent of the same session starts cold on its own head', async () => {
    const tree = await analyzeClaudeCodeSession(session('agent-a1b2c3.jsonl', { input: 8, read: 0, write: 900 }));
    expect(tree.sessions[1]!.requests[0]!.predicted.cacheRead).toBe(0);
  });

  it("a compaction agent whose session's transcript is not in the input is named in a note and left out of the self-check, its logged usage still counted", async () => {
    const io = bufferedIo(path.dirname(SPOTTER_PROJECT));
    expect(await runCli(['analyze', SPOTTER_PROJECT, '--json'], io)).toBe(EXIT.ok);
    const json = JSON.parse(io.out.join(''));
    expect(json.sessions.map((session: { id: string }) => session.id)).toEqual(['acompact-e1f845']);
    expect(json.totals.observed).toMatchObject({ uncached: 3, cacheRead: 164830, cacheWrite: 8681, requests: 1 });
    expect(json.sessions[0].requests[0].incomplete).toContain("its session's transcript is not in the input");
    expect(json.accuracy).toMatchObject({ requests: 0, excludedRequests: 1 });
    expect(json.accuracy.excluded[0]).toMatch(/agent-acompact-e1f845\.jsonl request 0: compaction agent: /);
    expect(json.trees[0].notes.some((note: string) => note.startsWith('agent-acompact-e1f845.jsonl: compaction agent: '))).toBe(true);
  });

  it('a compaction agent that started before any request its session logged has its request marked incomplete and a note saying why', async () => {
    const tree = await analyzeClaudeCodeSession(session('agent-acompact-1a2b3c.jsonl', { input: 8, read: 2040, write: 30 }, '2026-03-01T09:59:00.000Z'));
    const agent = tree.sessions.find((analysis) => analysis.id !== SESSION)!;
    expect(agent.requests[0]!.incomplete).toContain('its session logged no request before it');
    expect(tree.notes.some((note) => note.includes('compaction agent: its session logged no request before it'))).toBe(true);
  });
});
