import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSessionLog } from '../src/providers/index.js';
import { corpusPath, itWithCorpus } from './support/corpus.js';
import { BASE_BUNDLE } from './support/guard-corpus.js';
import { BUDGET, runBounded } from './support/bounded-run.js';

// Issue 17 §1: a few kilobytes of zstd must not expand past the input limit. The frames are built
// byte by byte (RFC 8878): a frame header with a chosen window, a raw block holding the session
// header line, then run-length blocks of newlines, each 4 bytes standing for 128 KiB.
const HEADER_LINE = '{"type":"session","version":0,"id":"s","createdAt":1,"delegationDepth":0}\n';
const BLOCK = 128 * 1024;

function blockHeader(last: boolean, type: 0 | 1, size: number): number[] {
  const value = (last ? 1 : 0) | (type << 1) | (size << 3);
  return [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff];
}

/** A zstd frame: window 2^windowLog, the header line raw, then `runs` run-length blocks of 128 KiB of newlines. */
function bombFrame(windowLog: number, runs: number): Buffer {
  const bytes = [0x28, 0xb5, 0x2f, 0xfd, 0x00, (windowLog - 10) << 3];
  bytes.push(...blockHeader(false, 0, HEADER_LINE.length), ...Buffer.from(HEADER_LINE));
  for (let run = 0; run < runs; run++) bytes.push(...blockHeader(run === runs - 1, 1, BLOCK), 0x0a);
  return Buffer.from(bytes);
}

let directory: string;

beforeAll(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'kvprefix-zstd-bomb-'));
  // 2,000 runs: 8 KB on disk, 250 MiB of newlines, in a frame with an ordinary 8 MiB window.
  writeFileSync(path.join(directory, 'runs.jsonl.zstd'), bombFrame(23, 2000));
  // A 1 GiB window, as `zstd --long=30` writes: the decoder would allocate it at the header.
  writeFileSync(path.join(directory, 'long.jsonl.zstd'), bombFrame(30, 4));
  // The same frame kind, small enough to read: the crafted frames are valid zstd.
  writeFileSync(path.join(directory, 'small.jsonl.zstd'), bombFrame(23, 2));
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('zstd bombs', () => {
  it('the crafted frame format decodes: a frame of two run-length blocks reads as the header and 256 KiB of blank lines', async () => {
    const log = await readSessionLog(path.join(directory, 'small.jsonl.zstd'));
    expect(log.header.id).toBe('s');
    expect(log.events).toEqual([]);
  });

  it.each([
    ['seed', ['seed', 'runs.jsonl.zstd']],
    ['analyze', ['analyze', 'runs.jsonl.zstd']],
  ])('%s: 8 KB of run-length blocks is refused at the limit, within 5 s and 300 MB', (_, argv) => {
    const run = runBounded(argv, directory);
    expect(run.code).toBe(3);
    expect(run.err).toBe('kvprefix ' + argv[0] + ': runs.jsonl.zstd: the decompressed log goes on past the limit of 32 MiB (33,554,432 bytes, maxInputBytes): raise it with --max-input-mb <n>\n');
    expect(run.ms).toBeLessThan(BUDGET.ms);
    expect(run.peakRssMb).toBeLessThan(BUDGET.rssMb);
  });

  it.each([
    ['seed', ['seed', 'long.jsonl.zstd']],
    ['analyze', ['analyze', 'long.jsonl.zstd']],
  ])('%s: a frame asking for a 1 GiB window is refused at its header, within 5 s and 300 MB', (_, argv) => {
    const run = runBounded(argv, directory);
    expect(run.code).toBe(3);
    expect(run.err).toBe('kvprefix ' + argv[0] + ': long.jsonl.zstd: a zstd frame asks for a 1024 MiB window, past the limit of 32 MiB (maxInputBytes) for the decompressed log: raise it with --max-input-mb <n>\n');
    expect(run.ms).toBeLessThan(BUDGET.ms);
    expect(run.peakRssMb).toBeLessThan(BUDGET.rssMb);
  });

  itWithCorpus('dsh', 'guard --session: the run-length bomb is refused at the limit, within 5 s and 300 MB', () => {
    const run = runBounded(['guard', corpusPath('dsh', BASE_BUNDLE), '--session', 'runs.jsonl.zstd'], directory);
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/^kvprefix guard: runs\.jsonl\.zstd: the decompressed log goes on past the limit of 32 MiB/);
    expect(run.ms).toBeLessThan(BUDGET.ms);
    expect(run.peakRssMb).toBeLessThan(BUDGET.rssMb);
  });

  // The Debian `zstd` tool writes the real thing; without it this case is skipped and says so.
  const zstd = spawnSync('zstd', ['--version']).status === 0;
  it.skipIf(!zstd)(`${zstd ? '' : '[skipped: no zstd binary on PATH] '}a file written by zstd --long=30 -19 (a header and 64 MiB of newlines) is refused within 5 s and 300 MB`, () => {
    const file = path.join(directory, 'real.jsonl.zstd');
    const made = spawnSync('zstd', ['--long=30', '-19', '-q', '-f', '-o', file], { input: Buffer.concat([Buffer.from(HEADER_LINE), Buffer.alloc(64 * 1024 * 1024, 0x0a)]) });
    expect(made.status).toBe(0);
    const run = runBounded(['seed', 'real.jsonl.zstd'], directory);
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/^kvprefix seed: real\.jsonl\.zstd: a zstd frame (asks for a \d+ MiB window|declares [\d.]+ MiB of content), past the limit of 32 MiB/);
    expect(run.ms).toBeLessThan(BUDGET.ms);
    expect(run.peakRssMb).toBeLessThan(BUDGET.rssMb);
  });
});
