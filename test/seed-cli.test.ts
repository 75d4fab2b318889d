import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compress, init } from '@bokuweb/zstd-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferedIo } from '../src/cli/io.js';
import { runCli } from '../src/cli/main.js';
import { corpusPath, itWithCorpus, readCorpusText } from './support/corpus.js';

const SCENARIO = 'dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process';

let directory: string;

beforeAll(async () => {
  await init();
  directory = await mkdtemp(path.join(tmpdir(), 'kvprefix-seed-cli-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  const io = bufferedIo(directory);
  const code = await runCli(['seed', ...argv], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

/** The parent's log as it stood when it called subagent_fork: everything up to that line. */
async function parentAtFork(): Promise<string> {
  const lines = readCorpusText(SCENARIO, 'session.jsonl').split('\n');
  const call = lines.findIndex((line) => line.startsWith('{"type":"tool/call"'));
  const file = path.join(directory, 'parent-at-fork.jsonl');
  await writeFile(file, `${lines.slice(0, call + 1).join('\n')}\n`);
  return file;
}

describe('kvprefix seed', () => {
  itWithCorpus('dsh', '--json prints the seed of a parent caught mid-fork: 42 events, the open turn excluded', async () => {
    const file = await parentAtFork();
    const result = await run(file, '--json');
    expect(result).toEqual({ code: 0, out: '{"seedLength":42,"lastTurnEnd":41,"excluded":117}\n', err: '' });
  });

  itWithCorpus('dsh', 'reads a zstd-compressed log, relative to the working directory', async () => {
    await writeFile(path.join(directory, 'session.jsonl.zstd'), compress(Buffer.from(readCorpusText(SCENARIO, 'session.jsonl')), 3));
    const result = await run('session.jsonl.zstd', '--json');
    expect(result).toEqual({ code: 0, out: '{"seedLength":200,"lastTurnEnd":199,"excluded":0}\n', err: '' });
  });

  itWithCorpus('dsh', 'prints a short human summary without --json', async () => {
    const file = await parentAtFork();
    const result = await run(file);
    expect(result.code).toBe(0);
    expect(result.out).toBe(`${file}: seed of 42 events, through the turn/end at seq 41; 117 events after it excluded (the in-flight turn)\n`);
  });

  itWithCorpus('dsh', 'says when there is no completed turn', async () => {
    const result = await run(corpusPath('dsh/packages/test-support/acp-snapshot/tests/fixtures/record-suite/rec-child/session.jsonl'), '--json');
    expect(result.out).toBe('{"seedLength":0,"lastTurnEnd":null,"excluded":2}\n');
    const text = await run(corpusPath('dsh/packages/test-support/acp-snapshot/tests/fixtures/record-suite/rec-child/session.jsonl'));
    expect(text.out).toMatch(/no completed turn, so the seed is empty and a fork now starts a fresh child; 2 events excluded\n$/);
  });

  it('exits 2 with the usage when the log argument is missing', async () => {
    const result = await run('--json');
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toContain('kvprefix seed: expected one session log, got 0');
    expect(result.err).toContain('usage: kvprefix seed <session.jsonl[.zstd]> [--max-input-mb <n>] [--format text|json] [--json]');
  });

  it('exits 2 on an unknown option', async () => {
    expect((await run('x.jsonl', '--jsn')).code).toBe(2);
  });

  itWithCorpus('dsh', 'exits 3 with file:line: reason and no stack trace on a malformed log', async () => {
    const lines = readCorpusText(SCENARIO, 'session.jsonl').split('\n');
    lines[6] = lines[6]!.slice(0, 40);
    await writeFile(path.join(directory, 'broken.jsonl'), lines.join('\n'));
    const result = await run('broken.jsonl');
    expect(result.code).toBe(3);
    expect(result.out).toBe('');
    expect(result.err).toMatch(/^kvprefix seed: broken\.jsonl:7: invalid JSON: .+\n$/);
    expect(result.err).not.toMatch(/\n\s+at /);
  });

  it('exits 3 naming the file when it cannot be read', async () => {
    const result = await run('missing.jsonl');
    expect(result.code).toBe(3);
    expect(result.err).toBe('kvprefix seed: missing.jsonl: cannot read: no such file\n');
  });

  itWithCorpus('dsh', 'exits 3 on a corrupt log whose completed prefix is unbalanced', async () => {
    const lines = readCorpusText(SCENARIO, 'session.jsonl').split('\n').filter((line) => !line.startsWith('{"type":"tool/result"'));
    await writeFile(path.join(directory, 'unbalanced.jsonl'), lines.join('\n'));
    const result = await run('unbalanced.jsonl', '--json');
    expect(result.code).toBe(3);
    expect(result.out).toBe('');
    expect(result.err).toMatch(/^kvprefix seed: unbalanced\.jsonl:\d+: tool\/call 'subagent_fork' .* the log is corrupt\n$/);
  });
});
