import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedIo, runCli } from '../src/cli/index.js';
import { writeTranscript } from './support/claude-code-transcript.js';

// Issue 17 §2, §12, §13 and issue 20 §3 on Claude Code transcripts.
const usage = { input: 10, read: 0, write: 2000 };
const turns = [
  { at: '2025-01-01T00:00:00.000Z', userText: 'first', usage },
  { at: '2025-01-01T00:00:10.000Z', userText: 'second', usage: { input: 12, read: 2000, write: 40 } },
];

/** A transcript under a Claude Code name (a session uuid), in its own folder. */
function transcript(lines?: (text: string) => string): { directory: string; file: string } {
  const written = writeTranscript(turns);
  const file = path.join(path.dirname(written), '11111111-2222-4333-8444-555555555555.jsonl');
  renameSync(written, file);
  if (lines) writeFileSync(file, lines(readFileSync(file, 'utf8')));
  return { directory: path.dirname(file), file };
}

/** Creates an empty file and returns its path. */
function openAndClose(file: string): string {
  closeSync(openSync(file, 'w'));
  return file;
}

async function analyze(cwd: string, ...argv: string[]) {
  const io = bufferedIo(cwd);
  const code = await runCli(['analyze', ...argv], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('Claude Code transcripts at the edges', () => {
  it('a transcript opening with twelve summary lines is found in a walk and read', async () => {
    const summaries = Array.from({ length: 12 }, (_, index) => JSON.stringify({ type: 'summary', summary: `part ${index}`, leafUuid: `leaf-${index}` })).join('\n');
    const { directory } = transcript((text) => `${summaries}\n${text}`);
    const run = await analyze(directory, '.', '--json');
    rmSync(directory, { recursive: true, force: true });
    expect(run.code).toBe(0);
    const json = JSON.parse(run.out) as { sessions: { requests: unknown[] }[]; skipped: unknown[] };
    expect(json.sessions.map((session) => session.requests.length)).toEqual([2]);
    expect(json.skipped).toEqual([]);
  });

  it('a transcript still being written is read up to its last complete line, with a note, exit 0', async () => {
    const { directory, file } = transcript((text) => `${text}{"type":"user","uuid":"u-late","mess`);
    const run = await analyze(directory, path.basename(file));
    rmSync(directory, { recursive: true, force: true });
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/note: 11111111-2222-4333-8444-555555555555\.jsonl:5: the last line has no line break and is not whole JSON yet \(36 bytes\): a write in progress, left out; the replay reads the transcript up to line 4/);
  });

  it('entries sharing a message id and request id but logging other input usage are warned about, not dropped silently', async () => {
    const { directory, file } = transcript((text) => {
      const lines = text.trimEnd().split('\n');
      // The second call reuses the first call's ids: two calls the replay must count as one.
      return `${lines.map((line) => line.replace('"msg-1"', '"msg-0"').replace('"req-1"', '"req-0"')).join('\n')}\n`;
    });
    const run = await analyze(directory, path.basename(file));
    rmSync(directory, { recursive: true, force: true });
    expect(run.code).toBe(0);
    expect(run.out).toContain('note: 11111111-2222-4333-8444-555555555555.jsonl:2: 1 other entry shares message id msg-0 and request id req-0 but logs a different model or input usage (line 4): replayed as one call, with line 2\'s input; the others are not counted');
  });

  it('an agent file linked to /dev/zero beside a main transcript is skipped in a walk, and the main transcript is analysed', async () => {
    const { directory } = transcript();
    symlinkSync('/dev/zero', path.join(directory, 'agent-zero.jsonl'));
    const started = performance.now();
    const run = await analyze(directory, '.', '--json');
    const elapsed = performance.now() - started;
    rmSync(directory, { recursive: true, force: true });
    expect(run.code).toBe(0);
    expect(elapsed).toBeLessThan(5000);
    const json = JSON.parse(run.out) as { sessions: unknown[]; skipped: { file: string; reason: string }[] };
    expect(json.sessions).toHaveLength(1);
    expect(json.skipped).toEqual([{ file: 'agent-zero.jsonl', reason: 'cannot read: is a character device, not a file' }]);
  });

  it('a subagent transcript in <session>/subagents linked to /dev/zero is left out of discovery, never read', async () => {
    const { directory, file } = transcript();
    const subagents = path.join(directory, path.basename(file, '.jsonl'), 'subagents');
    mkdirSync(subagents, { recursive: true });
    symlinkSync('/dev/zero', path.join(subagents, 'agent-zero.jsonl'));
    const run = await analyze(directory, path.basename(file));
    rmSync(directory, { recursive: true, force: true });
    expect(run.code).toBe(0);
    expect(run.err).toBe('');
  });

  it('a 600 MB subagent transcript is refused by its size before it is read: named, exit 3 naming it; walked, skipped', async () => {
    const { directory, file } = transcript();
    const subagents = path.join(directory, path.basename(file, '.jsonl'), 'subagents');
    mkdirSync(subagents, { recursive: true });
    // Sparse: 600 MB long, nothing on disk.
    truncateSync(openAndClose(path.join(subagents, 'agent-huge.jsonl')), 600 * 1000 * 1000);
    const named = await analyze(directory, path.basename(file));
    expect(named).toEqual({ code: 3, out: '', err: expect.stringMatching(/^kvprefix analyze: 11111111-2222-4333-8444-555555555555\/subagents\/agent-huge\.jsonl: the input is 572\.20 MiB \(600,000,000 bytes\), past the limit of 32 MiB/) });
    expect(named.err).not.toMatch(/\n\s+at /);
    // Walked beside a healthy transcript: the run goes on, and both the subagent and its session are listed.
    writeFileSync(path.join(directory, '99999999-2222-4333-8444-555555555555.jsonl'), readFileSync(file, 'utf8').split('session-1').join('session-9'));
    const walked = await analyze(directory, '.', '--json');
    rmSync(directory, { recursive: true, force: true });
    expect(walked.code).toBe(0);
    const json = JSON.parse(walked.out) as { sessions: unknown[]; skipped: { file: string; reason: string }[] };
    expect(json.sessions).toHaveLength(1);
    expect(json.skipped.map((skip) => skip.file).sort()).toEqual(['11111111-2222-4333-8444-555555555555.jsonl', '11111111-2222-4333-8444-555555555555/subagents/agent-huge.jsonl']);
  });
});
