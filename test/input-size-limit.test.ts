import { statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compress, init } from '@bokuweb/zstd-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRequestFile } from '../src/analysis/index.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { maxInputBytes } from '../src/cli/input-options.js';
import { InputError } from '../src/prefix/index.js';
import { DEFAULT_MAX_INPUT_BYTES, readSessionLog } from '../src/providers/index.js';

// Issue 7 §2: an input past the size kvprefix analyses is refused up front, naming the limit and
// the flag that raises it, instead of running out of heap. The bundled parent request (26 KB) and a
// small session log stand in for large files by lowering the limit.
const repositoryRoot = path.resolve(import.meta.dirname, '..');
const parent = 'examples/fork-parent.request.json';
const HEADER = '{"type":"session","version":0,"id":"s","createdAt":1,"delegationDepth":0}';
const turn = (n: number) => [`{"type":"turn/start","data":{"turn":${n}}}`, `{"type":"turn/end","data":{"turn":${n},"reason":{"kind":"completed"}}}`];
const logText = `${[HEADER, ...Array.from({ length: 2000 }, (_, index) => turn(index + 1)).flat()].join('\n')}\n`;
let directory: string;

beforeAll(async () => {
  await init();
  directory = await mkdtemp(path.join(tmpdir(), 'kvprefix-size-'));
  await writeFile(path.join(directory, 'session.jsonl'), logText);
  await writeFile(path.join(directory, 'session.jsonl.zstd'), compress(Buffer.from(logText), 19));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function run(cwd: string, ...argv: string[]) {
  const io = bufferedIo(cwd);
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('inputs past the size limit', () => {
  it('the default limit is 32 MiB', () => {
    expect(DEFAULT_MAX_INPUT_BYTES).toBe(32 * 1024 * 1024);
  });

  it('diff: exit 3 naming the file, its size, the limit and the flag with a value that admits it', async () => {
    const size = statSync(path.join(repositoryRoot, parent)).size;
    const result = await run(repositoryRoot, 'diff', parent, parent, '--max-input-mb', '0.01');
    expect(result.code).toBe(EXIT.input);
    expect(result.out).toBe('');
    expect(result.err).toBe(
      `kvprefix diff: ${parent}: the input is ${(size / 2 ** 20).toFixed(2)} MiB (${size.toLocaleString('en-US')} bytes), past the limit of 0.01 MiB (10,486 bytes, maxInputBytes): raise it with --max-input-mb 1\n`,
    );
  });

  it('diff: the same file is compared under a limit that admits it', async () => {
    expect((await run(repositoryRoot, 'diff', parent, parent, '--max-input-mb', '1')).code).toBe(EXIT.ok);
  });

  it('seed: a plain log past the limit, refused before it is read', async () => {
    const result = await run(directory, 'seed', 'session.jsonl', '--max-input-mb', '0.05');
    expect(result.code).toBe(EXIT.input);
    const size = Buffer.byteLength(logText);
    expect(result.err).toBe(`kvprefix seed: session.jsonl: the input is ${(size / 2 ** 20).toFixed(2)} MiB (${size.toLocaleString('en-US')} bytes), past the limit of 0.05 MiB (52,429 bytes, maxInputBytes): raise it with --max-input-mb 1\n`);
  });

  it('seed: a zstd log counts its decompressed bytes, so a small file cannot expand past the limit', async () => {
    expect((await readSessionLog(path.join(directory, 'session.jsonl.zstd'))).events).toHaveLength(4000);
    const result = await run(directory, 'seed', 'session.jsonl.zstd', '--max-input-mb', '0.05');
    expect(result.code).toBe(EXIT.input);
    expect(result.err).toBe('kvprefix seed: session.jsonl.zstd: a zstd frame declares 0.22 MiB of content, past the limit of 0.05 MiB (maxInputBytes) for the decompressed log: raise it with --max-input-mb <n>\n');
  });

  it('the library refuses the same way, with code input/too-large', async () => {
    const error = await readRequestFile(parent, { cwd: repositoryRoot, maxInputBytes: 1000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe('input/too-large');
  });

  it.each([['0'], ['-1'], ['lots'], ['NaN'], ['Infinity'], ['1e400'], ['1e-400'], ['0x10'], ['']])('--max-input-mb %s is a usage error (exit 2)', async (value) => {
    const result = await run(repositoryRoot, 'diff', parent, parent, `--max-input-mb=${value}`);
    expect(result.code).toBe(EXIT.usage);
    expect(result.err).toContain(`--max-input-mb takes a positive number of MiB, got '${value}': use a finite number greater than 0, such as 64 or 1e3`);
  });

  it('--max-input-mb takes any positive finite number, exponent form included; past 2^53 - 1 bytes it means no limit', async () => {
    expect((await run(repositoryRoot, 'diff', parent, parent, '--max-input-mb', '1e9')).code).toBe(EXIT.ok);
    expect([['1e9'], ['2.5E3'], ['.5'], ['1.'], ['1e-6']].map(([value]) => maxInputBytes(value))).toEqual([1e9 * 2 ** 20, 2500 * 2 ** 20, 2 ** 19, 2 ** 20, 2]);
    expect(maxInputBytes('1e300')).toBe(Number.MAX_SAFE_INTEGER);
  });
});
