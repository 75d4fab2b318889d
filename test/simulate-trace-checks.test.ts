import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateTrace, simulateTraceFile, type TraceRequest } from '../src/analysis/index.js';
import { HitRateSeries, MAX_BUCKETS } from '../src/analysis/simulate/hit-rate-series.js';
import { bufferedIo } from '../src/cli/io.js';
import { runCli } from '../src/cli/main.js';

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'kvprefix-simulate-checks-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  const io = bufferedIo(directory);
  const started = performance.now();
  const code = await runCli(['simulate', ...argv], io);
  return { code, out: io.out.join(''), err: io.err.join(''), ms: performance.now() - started };
}

const line = (timestamp: number, inputLength: number, hashIds: number[]) => JSON.stringify({ timestamp, input_length: inputLength, output_length: 5, hash_ids: hashIds });
const request = (timestamp: number, hashIds: number[], inputLength = hashIds.length * 512): TraceRequest => ({ timestamp, inputLength, outputLength: 5, hashIds });

describe('simulate bucket count', () => {
  it('refuses a --bucket that cuts the trace into more than MAX_BUCKETS columns, with the count and a width that fits, in well under a second', async () => {
    await writeFile(path.join(directory, 'far.jsonl'), `${line(0, 512, [1])}\n${line(1.7e12, 512, [1])}\n`);
    const result = await run('far.jsonl', '--bucket', '60');
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toContain('--bucket 60 s cuts this trace into at least 28,333,334 columns');
    expect(result.err).toMatch(/use --bucket [\d,]+ or wider/);
    expect(result.ms).toBeLessThan(5000);
  });

  it('refuses --bucket 0.0001 on a trace of a few seconds instead of running out of memory', async () => {
    await writeFile(path.join(directory, 'short.jsonl'), `${line(0, 512, [1])}\n${line(5000, 512, [1])}\n`);
    const result = await run('short.jsonl', '--bucket', '0.0001');
    expect(result.code).toBe(2);
    expect(result.err).toContain('--bucket 0.0001 s cuts this trace into at least 50,001 columns');
  });

  it('without --bucket, a trace 54 years long gets at most MAX_BUCKETS points of a round width', async () => {
    await writeFile(path.join(directory, 'far-default.jsonl'), `${line(0, 512, [1])}\n${line(1.7e12, 512, [1])}\n`);
    const result = await run('far-default.jsonl', '--json');
    expect(result.code).toBe(0);
    const document = JSON.parse(result.out);
    expect(document.series.length).toBeLessThanOrEqual(MAX_BUCKETS);
    expect(document.series.length).toBeLessThanOrEqual(61);
    expect(document.settings.bucketSeconds % 86400).toBe(0);
  });

  it('widening while collecting gives the same points as collecting at the final width', () => {
    const times = [0, 3, 7_000, 65_000, 7_300_000, 20_000_000, 86_000_000];
    const adaptive = new HitRateSeries();
    const fixed = new HitRateSeries(1800);
    for (const [index, time] of times.entries()) {
      adaptive.add(time, 4, index % 3);
      fixed.add(time, 4, index % 3);
    }
    // 86,000 s over at most 60 points: 1,800 s.
    expect(adaptive.points(86_000)).toEqual(fixed.points());
    expect(adaptive.bucketSeconds).toBe(1800);
  });
});

describe('simulate trace consistency', () => {
  it('refuses a request that repeats a block id, naming the line and the id', async () => {
    await writeFile(path.join(directory, 'repeat.jsonl'), `${line(0, 1024, [1, 2])}\n${line(5, 1536, [1, 7, 7])}\n`);
    const result = await run('repeat.jsonl');
    expect(result.code).toBe(3);
    expect(result.err).toBe(`kvprefix simulate: repeat.jsonl:2: line 2: block id 7 appears twice in hash_ids; a prefix block id stands for everything before it, so it cannot repeat within a request\n`);
  });

  it('warns, with the count and the first line, when input_length disagrees with the number of hash ids', async () => {
    await writeFile(path.join(directory, 'lengths.jsonl'), [line(0, 1024, [1, 2]), line(5, 0, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), line(9, 100_000, [1])].join('\n'));
    const result = await run('lengths.jsonl', '--json');
    expect(result.code).toBe(0);
    expect(result.err).toBe(
      'kvprefix simulate: lengths.jsonl: warning: 2 of 3 requests have an input_length that disagrees with their number of hash ids (first: line 2: input_length 0 fills 0 blocks of 512 tokens, hash_ids holds 10); replayed as given, hit tokens capped at input_length (is --block-tokens 512 the trace\'s block size?)\n',
    );
    expect(JSON.parse(result.out).warnings).toHaveLength(1);
  });

  it('an in-memory trace names the request by its index', () => {
    expect(() => simulateTrace({ source: 'mine', requests: [request(0, [3, 3])] })).toThrow(/request #0: block id 3 appears twice/);
  });
});

describe('simulate streams the trace', () => {
  it('limits each line, not the file: a trace larger than --max-input-mb is replayed', async () => {
    const lines = Array.from({ length: 40_000 }, (_, index) => line(index * 10, 1024, [index % 50, 100_000 + index]));
    await writeFile(path.join(directory, 'long.jsonl'), `${lines.join('\n')}\n`);
    const result = await run('long.jsonl', '--max-input-mb', '0.5', '--json');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toMatchObject({ requests: 40_000, hitBlocks: 40_000 - 50 });
  });

  it('refuses a line longer than the limit, naming its line', async () => {
    await writeFile(path.join(directory, 'wide.jsonl'), `${line(0, 512, [1])}\n${line(1, 512 * 200_000, Array.from({ length: 200_000 }, (_, index) => index))}\n`);
    const result = await run('wide.jsonl', '--max-input-mb', '0.5');
    expect(result.code).toBe(3);
    expect(result.err).toMatch(/^kvprefix simulate: wide\.jsonl:2: the line goes on past the limit of 0\.50 MiB/);
  });

  it('replays a file out of arrival order as the in-memory replay does (sorted)', async () => {
    await writeFile(path.join(directory, 'unsorted.jsonl'), `${line(5000, 1024, [1, 2])}\n${line(0, 512, [1])}\n`);
    const streamed = await simulateTraceFile(path.join(directory, 'unsorted.jsonl'));
    const inMemory = simulateTrace({ source: streamed.source, requests: [request(5000, [1, 2]), request(0, [1])] });
    expect(streamed.hitBlocks).toBe(inMemory.hitBlocks);
    expect(streamed.hitBlocks).toBe(1);
  });
});
