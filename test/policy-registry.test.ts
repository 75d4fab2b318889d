import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anthropicPolicy } from '../src/analysis/anthropic/anthropic-policy.js';
import { parsePriceText, readPriceFile, withPrices } from '../src/analysis/policies/price-file.js';
import { CACHE_POLICIES, createPolicyRegistry, policyByName } from '../src/analysis/shipped-policies/policy-registry.js';
import { vllmPolicy } from '../src/analysis/self-hosted/vllm-policy.js';

describe('policy registry', () => {
  it('finds every shipped policy by its name', () => {
    for (const policy of CACHE_POLICIES) expect(policyByName(policy.name)).toBe(policy);
  });

  it('an unknown name is a usage error that lists the known ones', () => {
    expect(() => policyByName('gemini')).toThrow(expect.objectContaining({ code: 'policy/unknown', message: expect.stringContaining('openai, anthropic, vllm, sglang') }));
  });

  it('takes the list it is given, so a new policy is one more element', () => {
    const registry = createPolicyRegistry([vllmPolicy]);
    expect(registry.names).toEqual(['vllm']);
    expect(() => registry.policyByName('anthropic')).toThrow(/use one of vllm/);
    expect(() => createPolicyRegistry([vllmPolicy, vllmPolicy])).toThrow(expect.objectContaining({ code: 'policy/duplicate' }));
  });
});

describe('price file', () => {
  const yamlText = [
    'currency: EUR',
    'source: negotiated 2026-11',
    'prices:',
    '  anthropic:',
    '    claude-sonnet-4-5: { input: 2, cacheRead: 0.2, cacheWrite: 2.5, output: 10 }',
    '    "*": { input: 9, cacheRead: 0.9, cacheWrite: 11, output: 40 }',
    '',
  ].join('\n');

  it('a YAML file overrides the longest matching model prefix, then "*", per policy', () => {
    const overrides = parsePriceText(yamlText, 'prices.yaml');
    expect(overrides.pricesFor(anthropicPolicy, 'claude-sonnet-4-5-20250929')).toEqual({
      currency: 'EUR',
      input: 2,
      cacheRead: 0.2,
      cacheWrite: 2.5,
      output: 10,
      source: 'negotiated 2026-11 (prices.yaml): anthropic claude-sonnet-4-5',
    });
    expect(overrides.pricesFor(anthropicPolicy, 'claude-opus-4-5-20251101')).toMatchObject({ input: 9, source: expect.stringContaining('anthropic *') });
  });

  it('a policy the file does not mention keeps its documented defaults when they are in the same currency', () => {
    const priced = withPrices(vllmPolicy, parsePriceText(yamlText.replace('currency: EUR', 'currency: USD'), 'prices.yaml'));
    expect(priced.pricesFor('qwen')).toEqual(vllmPolicy.pricesFor('qwen'));
    expect(priced.predict({ tokens: 40, matches: [] })).toEqual(vllmPolicy.predict({ tokens: 40, matches: [] }));
  });

  it('a model the file does not price, whose default is in another currency, is refused naming the file and both currencies', () => {
    const priced = withPrices(vllmPolicy, parsePriceText(yamlText, 'prices.yaml'));
    expect(() => priced.pricesFor('qwen')).toThrow(expect.objectContaining({ code: 'input/prices-currency', source: 'prices.yaml' }));
    expect(() => priced.pricesFor('qwen')).toThrow(/prices are in EUR but have no row for vllm model 'qwen', whose default price is in USD/);
  });

  it('reads JSON from disk too', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'kvprefix-prices-'));
    const file = path.join(directory, 'prices.json');
    writeFileSync(file, JSON.stringify({ prices: { vllm: { '*': { input: 0.05, cacheRead: 0.005, cacheWrite: 0, output: 0.2 } } } }));
    const priced = withPrices(vllmPolicy, await readPriceFile(file));
    expect(priced.pricesFor('qwen')).toMatchObject({ currency: 'USD', input: 0.05, output: 0.2 });
  });

  const bad = [
    { name: 'a negative price names its path and line', text: 'prices:\n  openai:\n    gpt-4o:\n      input: -1\n      cacheRead: 1\n      cacheWrite: 1\n      output: 1\n', path: 'prices.openai.gpt-4o.input', line: 4 },
    { name: 'a missing field names the model and its line', text: 'prices:\n  openai:\n    gpt-4o: { input: 1, cacheRead: 1, output: 1 }\n', path: 'prices.openai.gpt-4o.cacheWrite', line: 3 },
    { name: 'an unknown top-level key is refused', text: 'prise: {}\nprices: {}\n', path: 'the file', line: 1 },
  ] as const;
  for (const testCase of bad) {
    it(testCase.name, () => {
      let error: unknown;
      try {
        parsePriceText(testCase.text, 'p.yaml');
      } catch (caught) {
        error = caught;
      }
      expect(error).toMatchObject({ code: 'input/bad-prices', source: 'p.yaml', line: testCase.line });
      expect((error as Error).message).toContain(testCase.path);
    });
  }

  it('broken syntax names the file and line', () => {
    expect(() => parsePriceText('prices:\n  openai: {gpt-4o: [\n', 'p.json')).toThrow(expect.objectContaining({ code: 'input/malformed-prices', source: 'p.json' }));
  });

  it('a missing file is an input error naming it', async () => {
    await expect(readPriceFile('/nonexistent/prices.yaml')).rejects.toMatchObject({ code: 'input/unreadable-file', source: '/nonexistent/prices.yaml' });
  });
});
