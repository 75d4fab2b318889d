import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bufferedIo, runCli } from '../src/cli/index.js';
import { BUDGET, runBounded } from './support/bounded-run.js';
import { writeTranscript } from './support/claude-code-transcript.js';

// Issue 17 §2: the `agent-*.meta.json` beside a subagent transcript is read through the one capped,
// strict reader like every other input: a link to /dev/zero is refused before it is read, and bytes
// that are not UTF-8 are refused with their offset, never read forever or turned into U+FFFD.
const SESSION = '11111111-2222-4333-8444-555555555555';
const turns = [{ at: '2025-01-01T00:00:00.000Z', userText: 'first', usage: { input: 10, read: 0, write: 2000 } }];

/** A main transcript with one subagent in `<session>/subagents`, and what `meta` puts beside it. */
function sessionWithMeta(meta: (file: string) => void): { directory: string; main: string } {
  const main = path.join(path.dirname(writeTranscript(turns)), `${SESSION}.jsonl`);
  renameSync(path.join(path.dirname(main), 'session.jsonl'), main);
  const subagents = path.join(path.dirname(main), SESSION, 'subagents');
  mkdirSync(subagents, { recursive: true });
  writeFileSync(path.join(subagents, 'agent-1.jsonl'), readFileSync(writeTranscript(turns, { sidechain: true }), 'utf8'));
  meta(path.join(subagents, 'agent-1.meta.json'));
  return { directory: path.dirname(main), main };
}

async function analyze(cwd: string, file: string) {
  const io = bufferedIo(cwd);
  const code = await runCli(['analyze', file], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

it.skipIf(!existsSync('/dev/zero'))('a meta file linked to /dev/zero is refused at once, naming it, within 5 s and 300 MB', () => {
  const { directory, main } = sessionWithMeta((meta) => symlinkSync('/dev/zero', meta));
  const run = runBounded(['analyze', path.basename(main)], directory);
  rmSync(directory, { recursive: true, force: true });
  expect(run).toMatchObject({ code: 3, out: '', err: expect.stringMatching(/^kvprefix analyze: \S*agent-1\.meta\.json: cannot read: is a character device, not a file\n$/) });
  expect(run.ms).toBeLessThan(BUDGET.ms);
  expect(run.peakRssMb).toBeLessThan(BUDGET.rssMb);
});

it('a meta file with bytes that are not UTF-8 is refused with the byte offset', async () => {
  const { directory, main } = sessionWithMeta((meta) => writeFileSync(meta, Buffer.concat([Buffer.from('{"agentType":"Expl'), Buffer.from([0xff]), Buffer.from('re"}')])));
  const run = await analyze(directory, path.basename(main));
  rmSync(directory, { recursive: true, force: true });
  expect(run).toEqual({ code: 3, out: '', err: expect.stringMatching(/^kvprefix analyze: \S*agent-1\.meta\.json:1: byte 18 \(0xFF\): not valid UTF-8\n$/) });
});

it('without a meta file (the older layout) the subagent is replayed with its type unknown', async () => {
  const { directory, main } = sessionWithMeta(() => {});
  const run = await analyze(directory, path.basename(main));
  rmSync(directory, { recursive: true, force: true });
  expect(run.code).toBe(0);
  expect(run.err).toBe('');
});
