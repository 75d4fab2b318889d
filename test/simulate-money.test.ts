import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { anthropicPolicy, simulateTrace, type TraceRequest } from '../src/analysis/index.js';
import { parseTraceText } from '../src/analysis/simulate/trace-request.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';
import { simulateCliFolder } from './support/simulate-cli.js';

const TRACE = 'mooncake-traces/FAST25-release/traces/conversation_trace.jsonl';

const { folder, run } = simulateCliFolder('kvprefix-simulate-money-');

const request = (seconds: number, hashIds: number[], inputLength: number): TraceRequest => ({ timestamp: seconds * 1000, inputLength, outputLength: 10, hashIds });

describe('simulate under the Anthropic policy', () => {
  it('a request that extends an earlier one reads all of it and writes the rest up to its own end', () => {
    // 3 blocks (1,500 tokens), then the same conversation one turn on: 5 blocks (2,400 tokens).
    const trace = { source: 'invented', requests: [request(0, [1, 2, 3], 1500), request(10, [1, 2, 3, 4, 5], 2400)] };
    const result = simulateTrace(trace, { policy: anthropicPolicy, model: 'claude-sonnet-4-5' });
    expect(result.policy).toMatchObject({ cacheRead: 1500, cacheWrite: 1500 + 900, uncached: 0 });
    expect(result.policy?.assumption).toMatch(/breakpoint at its end/);
  });

  it('a shared head that no earlier request ended at is not read (Anthropic caches only at breakpoints)', () => {
    const trace = { source: 'invented', requests: [request(0, [1, 2, 3], 1500), request(10, [1, 2, 9], 1500)] };
    const result = simulateTrace(trace, { policy: anthropicPolicy, model: 'claude-sonnet-4-5' });
    expect(result.hitBlocks).toBe(2);
    expect(result.policy).toMatchObject({ cacheRead: 0, cacheWrite: 3000 });
  });
});

describeWithCorpus(TRACE, 'simulate --policy anthropic on the Mooncake conversation trace', () => {
  it('reads tokens from cache when blocks hit, never more than the hit tokens', () => {
    const trace = parseTraceText(readCorpusText(TRACE), 'conversation');
    const result = simulateTrace(trace, { policy: anthropicPolicy, model: 'claude-sonnet-4-5' });
    expect(result.hitRate).toBeGreaterThan(0.2);
    expect(result.policy!.cacheRead).toBeGreaterThan(0);
    expect(result.policy!.cacheRead).toBeLessThanOrEqual(result.hitTokens);
    expect(result.policy!.cacheRead + result.policy!.cacheWrite + result.policy!.uncached).toBe(result.inputTokens);
  });
});

describe('simulate prices', () => {
  const trace = [
    '{"timestamp": 0, "input_length": 3000, "output_length": 5, "hash_ids": [1, 2, 3, 4, 5, 6]}',
    '{"timestamp": 1000, "input_length": 3500, "output_length": 5, "hash_ids": [1, 2, 3, 4, 5, 6, 7]}',
    '',
  ].join('\n');

  beforeAll(async () => {
    await writeFile(path.join(folder(), 'trace.jsonl'), trace);
  });

  it('accepts --prices FILE and prices the model from it', async () => {
    await writeFile(path.join(folder(), 'prices.yaml'), 'currency: EUR\nprices:\n  vllm:\n    "*": { input: 1, cacheRead: 0.1, cacheWrite: 0, output: 2 }\n');
    const result = await run('trace.jsonl', '--policy', 'vllm', '--model', 'qwen', '--prices', 'prices.yaml', '--json');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const { policy } = JSON.parse(result.out);
    expect(policy).toMatchObject({ currency: 'EUR', priceSource: expect.stringContaining('prices.yaml') });
    expect(policy.cost).toBeCloseTo((policy.uncached * 1 + policy.cacheRead * 0.1 + policy.outputTokens * 2) / 1e6, 12);
  });

  it('refuses a price file in another currency that has no row for the model, instead of mixing currencies', async () => {
    await writeFile(path.join(folder(), 'partial.yaml'), 'currency: EUR\nprices:\n  anthropic:\n    claude-opus-4-5: { input: 4, cacheRead: 0.4, cacheWrite: 5, output: 20 }\n');
    const result = await run('trace.jsonl', '--policy', 'anthropic', '--model', 'claude-sonnet-4-5', '--prices', 'partial.yaml');
    expect(result.code).toBe(3);
    expect(result.out).toBe('');
    expect(result.err).toContain("prices are in EUR but have no row for anthropic model 'claude-sonnet-4-5', whose default price is in USD");
    expect(result.err).toContain('partial.yaml');
  });

  it('refuses an unknown --model instead of pricing it as another model', async () => {
    for (const [policy, model] of [
      ['anthropic', 'claude-sonnet-9'],
      ['openai', 'gpt-9'],
      ['deepseek', 'llama-3'],
    ] as const) {
      const result = await run('trace.jsonl', '--policy', policy, '--model', model);
      expect(result.code, `${policy} ${model}`).toBe(2);
      expect(result.err).toContain(`the ${policy} policy has no price for model '${model}'`);
    }
  });

  it('prices an unknown model when --prices gives it a row', async () => {
    await writeFile(path.join(folder(), 'mine.yaml'), 'prices:\n  openai:\n    gpt-9: { input: 10, cacheRead: 1, cacheWrite: 0, output: 30 }\n');
    const result = await run('trace.jsonl', '--policy', 'openai', '--model', 'gpt-9', '--prices', 'mine.yaml', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out).policy).toMatchObject({ model: 'gpt-9', currency: 'USD', priceSource: expect.stringContaining('openai gpt-9') });
  });

  it('--prices without --policy is a usage error', async () => {
    const result = await run('trace.jsonl', '--prices', 'mine.yaml');
    expect(result.code).toBe(2);
    expect(result.err).toContain('--prices only applies with --policy');
  });
});
