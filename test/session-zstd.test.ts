import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compress, init } from '@bokuweb/zstd-wasm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { InputError } from '../src/prefix/index.js';
import { readSessionLog } from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// A parent log with packed rows, unknown events and 50 lines: the plain read is the reference.
const LOG = corpusPath('dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process/session.jsonl');

let directory: string;
let compressed: Uint8Array;

beforeAll(async () => {
  await init();
  directory = await mkdtemp(path.join(tmpdir(), 'kvprefix-zstd-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function write(name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(directory, name);
  await writeFile(file, bytes);
  return file;
}

async function readError(file: string, label: string): Promise<InputError> {
  const error = await readSessionLog(file, { label }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

describeWithCorpus('dsh', 'zstd-compressed session logs', () => {
  beforeAll(async () => {
    compressed = compress(await readFile(LOG), 19);
  });

  it.each(['session.jsonl.zstd', 'session.jsonl.zst'])('%s reads exactly as the plain log', async (name) => {
    const plain = await readSessionLog(LOG);
    const fromZstd = await readSessionLog(await write(name, compressed));
    expect(fromZstd.header).toEqual(plain.header);
    expect(fromZstd.events).toEqual(plain.events);
    expect(fromZstd.events).toHaveLength(49);
    expect(fromZstd.length).toBe(plain.length);
  });

  it('is recognised by its frame magic whatever the file is called', async () => {
    const fromZstd = await readSessionLog(await write('renamed.jsonl', compressed));
    expect(fromZstd.length).toBe((await readSessionLog(LOG)).length);
  });

  it('a truncated stream is an InputError naming the file', async () => {
    const file = await write('truncated.jsonl.zstd', compressed.subarray(0, Math.floor(compressed.length / 2)));
    const error = await readError(file, 'truncated.jsonl.zstd');
    expect(error.code).toBe('input/zstd-corrupt');
    expect(error.message).toMatch(/^truncated\.jsonl\.zstd: corrupt or truncated zstd stream/);
  });

  it('a stream cut by a few bytes at the end is still reported, not read short', async () => {
    const file = await write('short.jsonl.zstd', compressed.subarray(0, compressed.length - 3));
    expect((await readError(file, 'short.jsonl.zstd')).code).toBe('input/zstd-corrupt');
  });

  it('a .zstd file that is not zstd at all is an InputError naming the file', async () => {
    const file = await write('plain.jsonl.zstd', await readFile(LOG));
    const error = await readError(file, 'plain.jsonl.zstd');
    expect(error.code).toBe('input/zstd-corrupt');
    expect(error.message).toBe('plain.jsonl.zstd: not a zstd stream: the file does not start with the zstd frame magic');
  });

  it('a corrupted block is an InputError naming the file', async () => {
    const damaged = Uint8Array.from(compressed);
    for (let index = 20; index < damaged.length - 8; index += 7) damaged[index] = (damaged[index] ?? 0) ^ 0xff;
    const error = await readError(await write('damaged.jsonl.zstd', damaged), 'damaged.jsonl.zstd');
    expect(error.code).toBe('input/zstd-corrupt');
    expect(error.message.startsWith('damaged.jsonl.zstd: ')).toBe(true);
  });
});
