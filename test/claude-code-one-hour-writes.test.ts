import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeClaudeCodeSession } from '../src/analysis/index.js';

const SESSION = '0b1e5c2a-1h00-4000-8000-000000000001';
/** About 3,000 tokens of conversation after the head, so the head and the conversation end are far apart. */
const NOTES = 'The replay keeps every earlier request and predicts what the cache still holds. '.repeat(200);

/** A two-request main transcript: the second request is sent `gapMinutes` after the first, whose write is split as given. */
function transcript(split: { fiveMinute: number; oneHour: number }, gapMinutes: number): string {
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 10, 0, 0) + minutes * 60_000).toISOString();
  const base = { isSidechain: false, userType: 'external', cwd: '/src/x', sessionId: SESSION, version: '2.1.17', gitBranch: '' };
  const written = split.fiveMinute + split.oneHour;
  const lines = [
    { ...base, parentUuid: null, type: 'user', uuid: 'u1', timestamp: at(0), message: { role: 'user', content: `Summarise these design notes in one paragraph, please.\n${NOTES}` } },
    {
      ...base, parentUuid: 'u1', type: 'assistant', uuid: 'a1', requestId: 'req_1', timestamp: at(0.1),
      message: {
        model: 'claude-opus-4-5-20251101', id: 'msg_1', type: 'message', role: 'assistant', content: [{ type: 'text', text: 'The notes describe a cache replay that predicts reads from earlier requests.' }],
        usage: { input_tokens: 3, cache_read_input_tokens: 0, cache_creation_input_tokens: written, cache_creation: { ephemeral_5m_input_tokens: split.fiveMinute, ephemeral_1h_input_tokens: split.oneHour }, output_tokens: 20 },
      },
    },
    { ...base, parentUuid: 'a1', type: 'user', uuid: 'u2', timestamp: at(gapMinutes), message: { role: 'user', content: 'And now in one sentence.' } },
    {
      ...base, parentUuid: 'u2', type: 'assistant', uuid: 'a2', requestId: 'req_2', timestamp: at(gapMinutes + 0.1),
      message: {
        model: 'claude-opus-4-5-20251101', id: 'msg_2', type: 'message', role: 'assistant', content: [{ type: 'text', text: 'A replay predicts cache reads.' }],
        usage: { input_tokens: 3, cache_read_input_tokens: written + 20, cache_creation_input_tokens: 12, output_tokens: 8 },
      },
    },
  ];
  return lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
}

async function secondRequest(split: { fiveMinute: number; oneHour: number }, gapMinutes: number) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'kvprefix-1h-'));
  const file = path.join(folder, `${SESSION}.jsonl`);
  writeFileSync(file, transcript(split, gapMinutes));
  const tree = await analyzeClaudeCodeSession(file, { globalHead: false });
  return tree.sessions[0]!.requests[1]!;
}

describe('Claude Code writes keep the TTL their usage split logs', () => {
  it('a write logged as 1-hour is still read 20 minutes later', async () => {
    const request = await secondRequest({ fiveMinute: 0, oneHour: 24_000 }, 20);
    expect(request.observed?.cacheRead).toBe(24_020);
    expect(request.predicted.cacheRead).toBeGreaterThan(20_000);
  });

  it('the same write logged as 5-minute has expired 20 minutes later', async () => {
    const request = await secondRequest({ fiveMinute: 24_000, oneHour: 0 }, 20);
    expect(request.predicted.cacheRead).toBe(0);
  });

  it('a 1-hour write has expired after 61 minutes', async () => {
    const request = await secondRequest({ fiveMinute: 0, oneHour: 24_000 }, 61);
    expect(request.predicted.cacheRead).toBe(0);
  });

  it('a mixed write keeps the 1-hour part (the head) and lets the 5-minute part expire', async () => {
    const request = await secondRequest({ fiveMinute: 2_000, oneHour: 22_000 }, 20);
    const read = request.predicted.cacheRead;
    // The head breakpoint (about 21,000 tokens in) lies in the 1-hour part; the conversation's end in the 5-minute part.
    expect(read).toBeGreaterThan(18_000);
    expect(read).toBeLessThanOrEqual(22_000);
  });
});
