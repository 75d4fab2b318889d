import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeClaudeCodeSession } from '../src/analysis/index.js';
import { readClaudeCodeTranscript } from '../src/analysis/claude-code/transcript-entry.js';
import { readSessionLog } from '../src/providers/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { writeTranscript } from './support/claude-code-transcript.js';

// A Claude Code transcript is read like every other input: the shared size limit, strict UTF-8
// with the byte offset of a bad byte, and a clear refusal of a file that is some other tool's log.
const TURN = { at: '2026-01-05T10:00:00.000Z', userText: 'Summarise the change.', usage: { input: 3, read: 0, write: 6_000 } };
const DSH_LOG = 'dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process/session.jsonl';
const CLAUDE_CODE = 'claude-code-sessions/test/test_data/real_projects/-src-experiments-claude_p/94604a7b-062f-4369-bdf0-da948381c3e5.jsonl';

describe('reading a Claude Code transcript through the shared input reader', () => {
  it('refuses a transcript past maxInputBytes, as every input, naming the limit', async () => {
    const file = writeTranscript([TURN]);
    await expect(analyzeClaudeCodeSession(file, { maxInputBytes: 100 })).rejects.toMatchObject({
      code: 'input/too-large',
      source: file,
      message: expect.stringContaining('past the limit of 0.00 MiB (100 bytes, maxInputBytes)'),
    });
    expect((await analyzeClaudeCodeSession(file)).sessions[0]!.requests).toHaveLength(1);
  });

  it('rejects invalid UTF-8 with its byte offset and line, never reading U+FFFD in its place', async () => {
    const file = writeTranscript([TURN]);
    const text = readFileSync(file);
    const secondLine = text.indexOf(0x0a) + 1;
    const at = text.indexOf(Buffer.from('answer 0'), secondLine);
    writeFileSync(file, Buffer.concat([text.subarray(0, at), Buffer.from([0xff]), text.subarray(at + 1)]));
    await expect(readClaudeCodeTranscript(file)).rejects.toMatchObject({ code: 'input/invalid-utf8', source: file, line: 2, message: `${file}:2: byte ${at} (0xFF): not valid UTF-8` });
  });

  it('a transcript of nothing but bookkeeping entries is still a Claude Code transcript (no requests), not an error', async () => {
    const file = writeTranscript([]);
    writeFileSync(file, `${JSON.stringify({ type: 'summary', summary: 'Resumed', leafUuid: 'u-1' })}\n`);
    expect(await readClaudeCodeTranscript(file)).toMatchObject({ entries: [], skipped: { summary: 1 } });
  });
});

describeWithCorpus('dsh', 'a DSH session log is not a Claude Code transcript', () => {
  it('analyzeClaudeCodeSession refuses it, naming the file and what it looks like, instead of an empty result', async () => {
    const file = corpusPath(DSH_LOG);
    const error = await analyzeClaudeCodeSession(file).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'input/not-claude-code', source: file });
    expect((error as Error).message).toMatch(
      new RegExp(`^${file.replaceAll(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: not a Claude Code transcript: no user or assistant entry, and entries of types Claude Code does not write \\('session', '[^']+'.*\\): it looks like a DSH session log \\(its first line is a \\{"type":"session",…\\} header\\)$`),
    );
  });
});

describeWithCorpus('claude-code-sessions', 'a Claude Code transcript is not a DSH session log', () => {
  it('readSessionLog refuses it at line 1 and says it looks like a Claude Code transcript', async () => {
    const file = corpusPath(CLAUDE_CODE);
    await expect(readSessionLog(file, { label: 'transcript.jsonl' })).rejects.toMatchObject({
      code: 'input/not-a-session-log',
      line: 1,
      message:
        'transcript.jsonl:1: expected the session header {"type":"session",…} first, found an event of type \'queue-operation\': this looks like a Claude Code transcript (its entries carry a sessionId), not a DSH session log',
    });
  });
});
