import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compress, init } from '@bokuweb/zstd-wasm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { InputError } from '../src/prefix/index.js';
import { openSessionLog, parseSessionLog, type LoggedEvent } from '../src/providers/session/index.js';
import { describeWithCorpus, readCorpusText, readOnce } from './support/corpus.js';

/*
 * A long log built from a real one: the fork parent's 49 event lines repeated 150 times (~1.8 MB,
 * well past the 64 KiB read chunks, with multi-byte characters such as "—" falling across chunk
 * boundaries), read from disk plain and compressed and compared with the in-memory parse.
 */
const REPEATS = 150;
const source = readOnce(() => {
  const [headerLine, ...eventLines] = readCorpusText('dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process/session.jsonl')
    .split('\n')
    .filter((line) => line !== '');
  return { eventLines, longText: `${[headerLine, ...Array.from({ length: REPEATS }, () => eventLines).flat()].join('\n')}\n` };
});

let directory: string;

beforeAll(async () => {
  await init();
  directory = await mkdtemp(path.join(tmpdir(), 'kvprefix-stream-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function collect(file: string): Promise<LoggedEvent[]> {
  const stream = await openSessionLog(file);
  const events: LoggedEvent[] = [];
  for await (const event of stream.events) events.push(event);
  return events;
}

describeWithCorpus('dsh', 'the streaming session-log reader', () => {
  it('reads a long log across read chunks exactly as the in-memory parse, plain and zstd', async () => {
    const { longText } = source();
    expect(Buffer.byteLength(longText)).toBeGreaterThan(1_500_000);
    const expected = parseSessionLog(longText, 'long.jsonl').events;
    expect(expected).toHaveLength(49 * REPEATS);
    const plain = path.join(directory, 'long.jsonl');
    const zstd = path.join(directory, 'long.jsonl.zstd');
    await writeFile(plain, longText);
    await writeFile(zstd, compress(Buffer.from(longText), 3));
    expect(await collect(plain)).toEqual(expected);
    expect(await collect(zstd)).toEqual(expected);
  });

  it('yields the events before a malformed line, then fails at that line', async () => {
    const { longText } = source();
    const lines = longText.split('\n');
    lines[4000] = '{"type":"turn/end","data":{"turn":1}}';
    const file = path.join(directory, 'broken.jsonl');
    await writeFile(file, lines.join('\n'));
    const stream = await openSessionLog(file, { label: 'broken.jsonl' });
    const seen: LoggedEvent[] = [];
    const error = await (async () => {
      for await (const event of stream.events) seen.push(event);
    })().catch((caught: unknown) => caught);
    expect(seen).toHaveLength(3999);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toBe('broken.jsonl:4001: turn/end: data.reason: Invalid input: expected object, received undefined');
  });

  it('checks the header when the log is opened, before any event is read', async () => {
    const file = path.join(directory, 'headless.jsonl');
    await writeFile(file, `${source().eventLines.join('\n')}\n`);
    await expect(openSessionLog(file, { label: 'headless.jsonl' })).rejects.toThrow(
      "headless.jsonl:1: expected the session header {\"type\":\"session\",…} first, found an event of type 'agent/inbox/spliced'",
    );
  });
});
