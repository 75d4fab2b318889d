import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A sentence of Claude Code's own kind of talk, repeated to give a turn a realistic length. */
const USER_TEXT = 'Please look at the timeline component again: the colours of the filter buttons do not match the message types, and the sticky header hides the first row when the page scrolls.';
const ASSISTANT_TEXT = "I'll check the CSS variables the timeline uses for each message type, then compare them with the filter buttons' classes and fix the header's offset so the first row stays visible.";
const SESSION = '5f0c2a1e-7d4b-4c1a-9f3e-2b8d6a4c0e11';
/** Head tokens of the first request and the uncached tail of every request, in the range the corpus shows. */
const HEAD_TOKENS = 23_279;
const TAIL_TOKENS = 4;

/**
 * Writes a Claude Code transcript of `lines` lines: one user message and one assistant answer per
 * turn, chained by `parentUuid`, ten seconds apart, each answer with the usage of a conversation that
 * only appends (it reads the previous request's prefix and writes its own new blocks). The shape of
 * the records is that of the corpus transcripts (`claude-code-sessions/`). Returns the file.
 */
export function writeLongClaudeCodeTranscript(lines: number): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'kvprefix-long-cc-'));
  const file = path.join(folder, `${SESSION}.jsonl`);
  const rows: string[] = [];
  const start = Date.parse('2025-07-03T10:00:00.000Z');
  let parent: string | null = null;
  let cached = 0;
  const common = { isSidechain: false, userType: 'external', cwd: '/Users/dev/project', sessionId: SESSION, version: '1.0.43' };
  for (let turn = 0; rows.length < lines; turn++) {
    const userId = `00000000-0000-4000-8000-${String(2 * turn).padStart(12, '0')}`;
    const timestamp = new Date(start + turn * 10_000).toISOString();
    rows.push(JSON.stringify({ parentUuid: parent, ...common, type: 'user', message: { role: 'user', content: `Turn ${turn}. ${USER_TEXT}` }, uuid: userId, timestamp }));
    parent = userId;
    if (rows.length >= lines) break;
    const answerId = `00000000-0000-4000-8000-${String(2 * turn + 1).padStart(12, '0')}`;
    // Each turn adds about 80 tokens (a prompt and an answer): the first request writes the head too.
    const written = turn === 0 ? HEAD_TOKENS : 80;
    const usage = { input_tokens: TAIL_TOKENS, cache_creation_input_tokens: written, cache_read_input_tokens: cached, output_tokens: 40, service_tier: 'standard' };
    cached += written;
    const message = { id: `msg_${String(turn).padStart(8, '0')}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-20250514', content: [{ type: 'text', text: `${ASSISTANT_TEXT} (turn ${turn})` }], stop_reason: 'end_turn', stop_sequence: null, usage };
    rows.push(JSON.stringify({ parentUuid: parent, ...common, message, requestId: `req_${String(turn).padStart(8, '0')}`, type: 'assistant', uuid: answerId, timestamp: new Date(start + turn * 10_000 + 5_000).toISOString() }));
    parent = answerId;
  }
  writeFileSync(file, `${rows.join('\n')}\n`);
  return file;
}
