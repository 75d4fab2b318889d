import { expect, it } from 'vitest';
import { analyzeClaudeCodeSession } from '../src/analysis/index.js';
import { prose, writeTranscript } from './support/claude-code-transcript.js';

it("a Claude Code transcript whose messages carry Anthropic's diagnosis has it beside each prediction; diagnostics: null, which a transcript cannot tell from not asking, says nothing", async () => {
  const file = writeTranscript([
    { at: '2026-12-04T03:00:00.000Z', userText: prose(400, 1), usage: { input: 10, read: 0, write: 600 }, diagnostics: null },
    { at: '2026-12-04T03:01:00.000Z', userText: prose(40, 2), usage: { input: 10, read: 0, write: 700 }, diagnostics: { cache_miss_reason: { type: 'system_changed', cache_missed_input_tokens: 600 } } },
    { at: '2026-12-04T03:02:00.000Z', userText: prose(40, 3), usage: { input: 10, read: 700, write: 60 } },
  ]);
  const tree = await analyzeClaudeCodeSession(file, { globalHead: false });
  expect(tree.sessions[0]!.requests.map((request) => request.observed?.cacheMissReason)).toEqual([undefined, { type: 'system_changed', cacheMissedInputTokens: 600 }, undefined]);
});
