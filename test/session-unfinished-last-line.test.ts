import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { InputError } from '../src/prefix/index.js';
import { completedTurnPrefix, parseSessionLog, readSessionLog } from '../src/providers/index.js';
import { corpusPath, describeWithCorpus, readCorpusText } from './support/corpus.js';
import { BASE_BUNDLE } from './support/guard-corpus.js';

// Issue 7 §2: the session log of a running agent ends in a line still being written. The readers
// take the log up to its last complete line and report the unfinished one, so `seed` says what a
// fork would inherit now; a broken line that ends with a line break is still an error at its line.
const PARENT = 'dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process/session.jsonl';
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'kvprefix-unfinished-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** The parent's log as a running agent leaves it: complete lines through the fork call, then `cut` bytes of the next line. */
function caughtMidWrite(cut: (line: string) => string): { text: string; complete: string; lineNumber: number } {
  const lines = readCorpusText(PARENT).split('\n');
  const call = lines.findIndex((line) => line.startsWith('{"type":"tool/call"'));
  const complete = `${lines.slice(0, call + 1).join('\n')}\n`;
  return { text: complete + cut(lines[call + 1]!), complete, lineNumber: call + 2 };
}

describeWithCorpus('dsh', 'a session log whose last line is still being written', () => {
  it('is read up to its last complete line, the unfinished one reported with its line and bytes', async () => {
    const { text, complete, lineNumber } = caughtMidWrite((line) => line.slice(0, 37));
    const file = path.join(directory, 'running.jsonl');
    await writeFile(file, text);
    const log = await readSessionLog(file);
    const whole = parseSessionLog(complete, 'complete.jsonl');
    expect(log.events).toEqual(whole.events);
    expect(log.unfinishedLine).toEqual({ line: lineNumber, bytes: 37 });
    expect(whole.unfinishedLine).toBeUndefined();
    // The in-memory parser agrees.
    expect(parseSessionLog(text, 'running.jsonl').unfinishedLine).toEqual({ line: lineNumber, bytes: 37 });
  });

  it('kvprefix seed prints the seed a fork would inherit now, and says on stderr what it left out', async () => {
    const { text, lineNumber } = caughtMidWrite((line) => line.slice(0, 37));
    await writeFile(path.join(directory, 'running.jsonl'), text);
    const io = bufferedIo(directory);
    expect(await runCli(['seed', 'running.jsonl', '--json'], io)).toBe(EXIT.ok);
    expect(io.out.join('')).toBe('{"seedLength":42,"lastTurnEnd":41,"excluded":117}\n');
    expect(io.err.join('')).toBe(
      `kvprefix seed: running.jsonl:${lineNumber}: the last line has no line break and is not whole JSON yet (37 bytes): a write in progress, left out; the seed is the log up to line ${lineNumber - 1}\n`,
    );
  });

  it('kvprefix guard --session says on stderr and in its JSON warnings what it left out, as seed does', async () => {
    const { text, lineNumber } = caughtMidWrite((line) => line.slice(0, 37));
    await writeFile(path.join(directory, 'running.jsonl'), text);
    // The fixture log's headers are placeholders its pins fill; the pins sit beside the log.
    const pins = path.join(path.dirname(corpusPath(PARENT)), '..', 'text-turn');
    for (const pin of ['system-prompt.expected.md', 'tool-schemas.expected.json']) await copyFile(path.join(pins, pin), path.join(directory, pin));
    const note = `running.jsonl:${lineNumber}: the last line has no line break and is not whole JSON yet (37 bytes): a write in progress, left out; the guard read the log up to line ${lineNumber - 1}`;
    const plain = bufferedIo(directory);
    await runCli(['guard', corpusPath('dsh', BASE_BUNDLE), '--session', 'running.jsonl'], plain);
    expect(plain.err.join('')).toBe(`kvprefix guard: ${note}\n`);
    const json = bufferedIo(directory);
    await runCli(['guard', corpusPath('dsh', BASE_BUNDLE), '--session', 'running.jsonl', '--json'], json);
    expect(json.err.join('')).toBe(`kvprefix guard: ${note}\n`);
    expect((JSON.parse(json.out.join('')) as { warnings: string[] }).warnings).toEqual([note]);
  });

  it('a last line cut inside a multi-byte character is unfinished too, not invalid UTF-8', async () => {
    const { text, lineNumber } = caughtMidWrite((line) => `${line.slice(0, 37)}—`);
    const file = path.join(directory, 'cut-character.jsonl');
    await writeFile(file, Buffer.from(text).subarray(0, -1)); // drop the last byte of the em dash
    const log = await readSessionLog(file);
    expect(log.unfinishedLine).toEqual({ line: lineNumber, bytes: 37 });
  });

  it('a whole last line without a line break is an event like any other', async () => {
    const { complete } = caughtMidWrite(() => '');
    const file = path.join(directory, 'no-final-newline.jsonl');
    await writeFile(file, complete.slice(0, -1));
    const log = await readSessionLog(file);
    expect(log.unfinishedLine).toBeUndefined();
    expect(completedTurnPrefix(log.events).seedLength).toBe(42);
    expect(log.events.at(-1)?.event.type).toBe('tool/call');
  });

  it('the same broken line followed by a line break is an error naming its line', async () => {
    const { text, lineNumber } = caughtMidWrite((line) => `${line.slice(0, 37)}\n`);
    const file = path.join(directory, 'broken.jsonl');
    await writeFile(file, text);
    const error = await readSessionLog(file, { label: 'broken.jsonl' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).line).toBe(lineNumber);
    expect((error as InputError).message).toMatch(new RegExp(`^broken\\.jsonl:${lineNumber}: invalid JSON: `));
  });

  it('a broken line in the middle is an error even when the last line is unfinished', async () => {
    const { text } = caughtMidWrite((line) => line.slice(0, 37));
    const lines = text.split('\n');
    lines[6] = lines[6]!.slice(0, 40);
    const io = bufferedIo(directory);
    await writeFile(path.join(directory, 'broken-middle.jsonl'), lines.join('\n'));
    expect(await runCli(['seed', 'broken-middle.jsonl'], io)).toBe(EXIT.input);
    expect(io.err.join('')).toMatch(/^kvprefix seed: broken-middle\.jsonl:7: invalid JSON: .+\n$/);
  });
});

it('a header still being written is an input error, not an empty seed', () => {
  expect(() => parseSessionLog('{"type":"session","version":0,"id":"s"', 'new.jsonl')).toThrow(
    'new.jsonl:1: the session header is still being written (its line has no line break and is not whole JSON yet)',
  );
});
