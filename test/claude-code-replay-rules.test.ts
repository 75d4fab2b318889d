import { appendFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeClaudeCodeSession } from '../src/analysis/index.js';
import { HeadEvidence } from '../src/analysis/claude-code/head-evidence.js';
import { readClaudeCodeTranscript } from '../src/analysis/claude-code/transcript-entry.js';
import { prose, writeTranscript } from './support/claude-code-transcript.js';

const FIRST = { input: 3, read: 0, write: 6_000 };

describe('Claude Code replay rules', () => {
  it('a request after a gap longer than the 5-minute TTL reads nothing', async () => {
    const file = writeTranscript([
      { at: '2026-01-01T10:00:00.000Z', userText: prose(3000), usage: FIRST },
      { at: '2026-01-01T10:06:00.000Z', userText: 'and now?', usage: { input: 3, read: 0, write: 6_020 } },
    ]);
    const [request] = (await analyzeClaudeCodeSession(file, { globalHead: false })).sessions[0]!.requests.slice(1);
    expect(request!.predicted.cacheRead).toBe(0);
    expect(request!.divergence).toMatchObject({ cause: 'ttl', against: { index: 0 } });
  });

  it('the same request four minutes later reads what the first one wrote', async () => {
    const file = writeTranscript([
      { at: '2026-01-01T10:00:00.000Z', userText: prose(3000), usage: FIRST },
      { at: '2026-01-01T10:04:00.000Z', userText: 'and now?', usage: { input: 3, read: 6_000, write: 20 } },
    ]);
    const [request] = (await analyzeClaudeCodeSession(file, { globalHead: false })).sessions[0]!.requests.slice(1);
    expect(request!.predicted.cacheRead).toBe(6_000);
    expect(request!.divergence).toMatchObject({ cause: 'extension' });
  });

  it('a request on another model reads nothing, and the cause is the route', async () => {
    const file = writeTranscript([
      { at: '2026-01-01T10:00:00.000Z', userText: prose(3000), usage: FIRST },
      { at: '2026-01-01T10:01:00.000Z', userText: 'switch', model: 'claude-opus-4-1-20250805', usage: { input: 3, read: 0, write: 6_020 } },
    ]);
    const [request] = (await analyzeClaudeCodeSession(file, { globalHead: false })).sessions[0]!.requests.slice(1);
    expect(request!.predicted.cacheRead).toBe(0);
    expect(request!.divergence).toMatchObject({ cause: 'route', against: { index: 0 } });
  });

  it('a main-agent request after the TTL with no evidence in the input is predicted cold, the head it first read as the top of its range', async () => {
    const file = writeTranscript([
      { at: '2026-01-01T10:00:00.000Z', userText: prose(3000), usage: { input: 3, read: 12_000, write: 3_500 } },
      { at: '2026-01-01T10:30:00.000Z', userText: 'later', usage: { input: 3, read: 12_000, write: 3_520 } },
    ]);
    const tree = await analyzeClaudeCodeSession(file);
    const later = tree.sessions[0]!.requests[1]!;
    expect(later.predicted.cacheRead).toBe(0);
    expect(later.predicted.cacheReadRange).toEqual([0, 12_000]);
    expect(tree.notes.some((note) => note.startsWith('session session-1: request #1, after its own head entry expired in an idle gap, predicted cold'))).toBe(true);
  });

  it('a main-agent request after the TTL reads its head when another session of the input sent the same head within its TTL, and the notes name it', async () => {
    const heads = new HeadEvidence();
    const other = writeTranscript([{ at: '2026-01-01T10:28:00.000Z', userText: prose(2000, 7), usage: { input: 3, read: 0, write: 14_000 } }], { sessionId: 'session-2' });
    const idle = writeTranscript([
      { at: '2026-01-01T10:00:00.000Z', userText: prose(3000), usage: { input: 3, read: 12_000, write: 3_500 } },
      { at: '2026-01-01T10:30:00.000Z', userText: 'later', usage: { input: 3, read: 12_000, write: 3_520 } },
    ]);
    // The other session's first request (two minutes before the idle one's) wrote its head and prompt.
    await analyzeClaudeCodeSession(other, { heads });
    const tree = await analyzeClaudeCodeSession(idle, { heads });
    expect(tree.sessions[0]!.requests[1]!.predicted.cacheRead).toBe(12_000);
    expect(tree.notes.some((note) => note.startsWith('session session-1: request #1, after its own head entry expired in an idle gap, predicted warm') && note.includes('sent by session-2 120 s before'))).toBe(true);
  });

  it('with globalHead asked for, a main-agent request after the TTL still reads the head it first read', async () => {
    const file = writeTranscript([
      { at: '2026-01-01T10:00:00.000Z', userText: prose(3000), usage: { input: 3, read: 12_000, write: 3_500 } },
      { at: '2026-01-01T10:30:00.000Z', userText: 'later', usage: { input: 3, read: 12_000, write: 3_520 } },
    ]);
    const requests = (await analyzeClaudeCodeSession(file, { globalHead: true })).sessions[0]!.requests;
    expect(requests[1]!.predicted.cacheRead).toBe(12_000);
  });

  it('a session resumed in another Claude Code version sends another head: the row names the versions, and the request is cold without evidence', async () => {
    const file = writeTranscript([
      { at: '2026-01-01T10:00:00.000Z', userText: prose(3000), version: '2.0.37', usage: { input: 3, read: 12_000, write: 3_500 } },
      { at: '2026-01-01T10:01:00.000Z', userText: 'after the update', version: '2.0.55', usage: { input: 3, read: 0, write: 15_900 } },
    ]);
    const tree = await analyzeClaudeCodeSession(file);
    const resumed = tree.sessions[0]!.requests[1]!;
    expect(resumed.divergence).toMatchObject({ cause: 'system', against: { index: 0 }, detail: 'the head (tools and system prompt) changed: Claude Code 2.0.37 → 2.0.55 (the system prompt and tools come with the version)' });
    expect(resumed.predicted.cacheRead).toBe(0);
    expect(tree.notes.some((note) => note.startsWith('session session-1: request #1, the first on the head of another Claude Code version, predicted cold') && note.includes('2.0.55'))).toBe(true);
  });

  it('a model switch that comes with another Claude Code version says both', async () => {
    const file = writeTranscript([
      { at: '2026-01-01T10:00:00.000Z', userText: prose(3000), version: '2.0.37', usage: FIRST },
      { at: '2026-01-01T10:01:00.000Z', userText: 'switch', version: '2.0.55', model: 'claude-opus-4-1-20250805', usage: { input: 3, read: 0, write: 6_020 } },
    ]);
    const [request] = (await analyzeClaudeCodeSession(file)).sessions[0]!.requests.slice(1);
    expect(request!.divergence).toMatchObject({ cause: 'route', detail: expect.stringContaining('to claude-opus-4-1-20250805, and Claude Code 2.0.37 → 2.0.55') });
  });

  it('a streamed response logged as one entry per block is one request with the final output count', async () => {
    const file = writeTranscript([
      {
        at: '2026-01-01T10:00:00.000Z',
        userText: prose(3000),
        blocks: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
          { type: 'text', text: 'three' },
        ],
        usage: { ...FIRST, output: 250 },
      },
    ]);
    const requests = (await analyzeClaudeCodeSession(file)).sessions[0]!.requests;
    expect(requests).toHaveLength(1);
    expect(requests[0]!.observed).toEqual({ uncached: 3, cacheRead: 0, cacheWrite: 6_000, output: 250 });
  });

  it('an assistant message Claude Code wrote itself (<synthetic>) is not a request', async () => {
    const file = writeTranscript([{ at: '2026-01-01T10:00:00.000Z', userText: prose(3000), usage: FIRST }]);
    const synthetic = {
      type: 'assistant',
      uuid: 'synthetic-1',
      parentUuid: 'assistant-0-0',
      timestamp: '2026-01-01T10:00:05.000Z',
      sessionId: 'session-1',
      message: { id: 'synthetic-msg', role: 'assistant', model: '<synthetic>', content: [{ type: 'text', text: 'API Error' }], usage: { input_tokens: 0, output_tokens: 0 } },
    };
    appendFileSync(file, `${JSON.stringify(synthetic)}\n`);
    expect((await analyzeClaudeCodeSession(file)).sessions[0]!.requests).toHaveLength(1);
  });

  it('a prompt under the model minimum is neither written nor read', async () => {
    const file = writeTranscript([
      { at: '2026-01-01T10:00:00.000Z', userText: prose(500), model: 'claude-haiku-4-5-20251001', usage: { input: 2_400, read: 0, write: 0 } },
      { at: '2026-01-01T10:00:30.000Z', userText: 'more', model: 'claude-haiku-4-5-20251001', usage: { input: 2_420, read: 0, write: 0 } },
    ]);
    const [second] = (await analyzeClaudeCodeSession(file, { headTokens: 1_500 })).sessions[0]!.requests.slice(1);
    expect(second!.predicted).toMatchObject({ cacheRead: 0, cacheWrite: 0 });
    expect(second!.tokens).toBeLessThan(4_096);
  });
});

describe('Claude Code transcript errors', () => {
  it('a line that is not JSON names the file and line', async () => {
    const file = writeTranscript([{ at: '2026-01-01T10:00:00.000Z', userText: 'hi', usage: FIRST }]);
    writeFileSync(file, '{"type":"summary","summary":"x"}\n{not json\n');
    await expect(readClaudeCodeTranscript(file)).rejects.toMatchObject({ code: 'input/malformed-json', source: file, line: 2 });
  });

  it('a missing transcript is an input error naming it', async () => {
    await expect(analyzeClaudeCodeSession('/nonexistent/session.jsonl')).rejects.toMatchObject({ code: 'input/unreadable-file', source: '/nonexistent/session.jsonl', message: '/nonexistent/session.jsonl: cannot read: no such file' });
  });

  it('a user entry without a message names the field and line', async () => {
    const file = writeTranscript([{ at: '2026-01-01T10:00:00.000Z', userText: 'hi', usage: FIRST }]);
    writeFileSync(file, '\n{"type":"user","uuid":"u","timestamp":"2026-01-01T10:00:00.000Z","sessionId":"s"}\n');
    await expect(readClaudeCodeTranscript(file)).rejects.toMatchObject({ code: 'input/bad-claude-code-entry', line: 2, message: expect.stringContaining('message') });
  });
});
