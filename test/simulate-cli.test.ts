import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulateTrace } from '../src/analysis/index.js';
import { parseTraceText } from '../src/analysis/simulate/trace-request.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';
import { simulateCliFolder } from './support/simulate-cli.js';

const TRACE = 'mooncake-traces/FAST25-release/traces/conversation_trace.jsonl';

const { folder, run } = simulateCliFolder('kvprefix-simulate-cli-');

describeWithCorpus(TRACE, 'kvprefix simulate on the Mooncake conversation trace', () => {
  beforeAll(async () => {
    await writeFile(path.join(folder(), 'head.jsonl'), readCorpusText(TRACE).split('\n').slice(0, 2000).join('\n'));
  });

  it('--json prints the totals, the settings and the series, with hitRate = hitBlocks / blocks', async () => {
    const result = await run('head.jsonl', '--capacity', '2000', '--ttl', '120', '--json');
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    const document = JSON.parse(result.out);
    expect(document).toMatchObject({ requests: 2000, settings: { capacityBlocks: 2000, ttlSeconds: 120, blockTokens: 512 } });
    expect(document.hitRate).toBe(document.hitBlocks / document.blocks);
    expect(document.evictedBlocks).toBeGreaterThan(0);
    expect(document.series.length).toBeGreaterThan(1);
    expect(document).not.toHaveProperty('hitBlocksByRequest');
  });

  it('prints a chart and the totals without --json', async () => {
    const result = await run('head.jsonl', '--capacity', '2000');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^head\.jsonl: 2,000 requests over [\d,]+ s\ncache: 2,000 blocks \(1,024,000 tokens\), LRU, no TTL/);
    expect(result.out).toContain('100% │');
    expect(result.out).toMatch(/\nblocks {5}[\d,]+ of [\d,]+ hit: \d+\.\d%\n/);
    expect(result.out).toMatch(/\nevicted {4}[1-9][\d,]* blocks \(capacity\)\n/);
  });
});

describe('kvprefix simulate exit codes', () => {
  it('exits 2 with the usage when the trace argument is missing', async () => {
    const result = await run('--json');
    expect(result.code).toBe(2);
    expect(result.err).toContain('kvprefix simulate: expected one trace file, got 0');
    expect(result.err).toContain('usage: kvprefix simulate <trace.jsonl>');
  });

  it('exits 2 on a capacity that is not a positive integer', async () => {
    const result = await run('trace.jsonl', '--capacity', '1.5');
    expect(result.code).toBe(2);
    expect(result.err).toContain("--capacity must be a positive integer, got '1.5'");
  });

  it('exits 3 with file:line: reason and no stack trace on a malformed line', async () => {
    await writeFile(path.join(folder(), 'bad.jsonl'), '{"timestamp": 0, "input_length": 600, "output_length": 5, "hash_ids": [0, 1]}\n\n{"timestamp": 3, "input_length": 600, "output_length": 5, "hash_ids": [0, "x"]}\n');
    const result = await run('bad.jsonl');
    expect(result.code).toBe(3);
    expect(result.out).toBe('');
    expect(result.err).toBe(`kvprefix simulate: bad.jsonl:3: 'hash_ids[1]' must be a non-negative integer block id, got "x"\n`);
  });

  it('exits 3 on a line that is not JSON', async () => {
    await writeFile(path.join(folder(), 'cut.jsonl'), '{"timestamp": 0, "input_length": 600, "output_length": 5, "hash_ids": [0, 1]}\n{"timestamp": 3, "inp\n');
    const result = await run('cut.jsonl');
    expect(result.code).toBe(3);
    expect(result.err).toMatch(/^kvprefix simulate: cut\.jsonl:2: invalid JSON: .+\n$/);
  });

  it('exits 3 naming the file when it cannot be read', async () => {
    const result = await run('missing.jsonl');
    expect(result.code).toBe(3);
    expect(result.err).toMatch(/^kvprefix simulate: missing\.jsonl: cannot read: no such file$/m);
  });
});

describeWithCorpus(TRACE, 'kvprefix simulate --policy on the Mooncake conversation trace', () => {
  beforeAll(async () => {
    await writeFile(path.join(folder(), 'policy-head.jsonl'), readCorpusText(TRACE).split('\n').slice(0, 500).join('\n'));
  });

  it("bills each request's hit with the vLLM rule: whole 16-token blocks of the hit, the last input token recomputed", async () => {
    const result = await run('policy-head.jsonl', '--policy', 'vllm', '--model', 'any', '--capacity', '3000', '--json');
    expect(result.code).toBe(0);
    const document = JSON.parse(result.out);
    // The same replay through the library gives each request's hit; the vLLM rule is applied here by hand.
    const trace = parseTraceText(readCorpusText(TRACE).split('\n').slice(0, 500).join('\n'), 'slice');
    const hits = simulateTrace(trace, { capacityBlocks: 3000 }).hitBlocksByRequest;
    const expected = trace.requests.reduce((sum, request, index) => sum + 16 * Math.floor(Math.min(hits[index]! * 512, request.inputLength - 1) / 16), 0);
    expect(document.policy).toMatchObject({ policy: 'vllm', model: 'any', cacheRead: expected, cacheWrite: 0 });
    expect(document.policy.uncached).toBe(document.inputTokens - expected);
  });

  it('prints the policy totals and costs without --json', async () => {
    const result = await run('policy-head.jsonl', '--policy', 'vllm', '--model', 'any');
    expect(result.out).toMatch(/\nvllm policy, any: [\d,]+ tokens read from cache, 0 written, [\d,]+ uncached\ncost {7}\d+\.\d{2} \S+ with reuse, \d+\.\d{2} \S+ without \(prices: .+\)\n$/);
  });

  it('exits 2 on an unknown policy, or a policy without a model', async () => {
    const unknown = await run('policy-head.jsonl', '--policy', 'nope', '--model', 'x');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("unknown cache policy 'nope'");
    const missing = await run('policy-head.jsonl', '--policy', 'vllm');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--policy vllm needs --model to price the requests');
  });
});
