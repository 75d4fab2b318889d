import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzePaths, policyByName } from '../src/analysis/index.js';
import { readRequestBody } from '../src/analysis/bodies/read-request-body.js';
import { InputError } from '../src/prefix/index.js';

const STABLE = Array.from({ length: 200 }, (_, index) => `Rule ${index}: keep answers short, cite file ${index % 11}.`).join('\n');
const body = (model: string, key: unknown) => ({ model, ...(key === undefined ? {} : { prompt_cache_key: key }), messages: [{ role: 'system', content: STABLE }, { role: 'user', content: 'What is rule 3?' }] });

describe('prompt_cache_key is the route’s salt', () => {
  it('Chat and Responses bodies carry the key in their route; no key (or null) leaves it unsalted; other formats ignore the field', () => {
    expect(readRequestBody(body('gpt-4o', 'user-42'), { source: 'a.json' }).request.route).toEqual({ provider: 'openai', model: 'gpt-4o', salt: 'prompt_cache_key:user-42' });
    expect(readRequestBody({ model: 'gpt-5.6-sol', prompt_cache_key: 'k', input: 'hi' }, { source: 'b.json' }).request.route).toEqual({ provider: 'openai', model: 'gpt-5.6-sol', salt: 'prompt_cache_key:k' });
    expect(readRequestBody(body('gpt-4o', null), { source: 'c.json' }).request.route).toEqual({ provider: 'openai', model: 'gpt-4o' });
    expect(readRequestBody({ model: 'claude-sonnet-4-5', prompt_cache_key: 'k', system: 'x', messages: [{ role: 'user', content: 'hi' }] }, { source: 'd.json' }).request.route).toEqual({ provider: 'anthropic', model: 'claude-sonnet-4-5' });
  });

  it('a key that is not a string is an error naming the field', () => {
    expect(() => readRequestBody(body('gpt-4o', 42), { source: 'e.json' })).toThrow(InputError);
    expect(() => readRequestBody(body('gpt-4o', 42), { source: 'e.json' })).toThrow(/`prompt_cache_key` must be a string, found a number/);
  });

  for (const model of ['gpt-4o', 'gpt-5.6-sol']) {
    it(`${model}: the same body under a changed key is a different route, predicted as a miss with the route as its cause`, async () => {
      // One session of three exchanges (a cassette), so the third is compared with the second.
      const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-key-'));
      const file = path.join(folder, 'session.json');
      const interactions = [body(model, 'tenant-a'), body(model, 'tenant-a'), body(model, 'tenant-b')].map((parsed_body) => ({ request: { uri: 'https://api.openai.com/v1/chat/completions', parsed_body }, response: {} }));
      writeFileSync(file, JSON.stringify({ interactions }));
      const result = await analyzePaths([file], { policy: 'auto', policyByName, cwd: folder });
      const requests = result.trees.flatMap((tree) => tree.sessions.flatMap((session) => session.requests));
      expect(requests).toHaveLength(3);
      expect(requests[1]!.predicted.cacheRead).toBeGreaterThan(1024);
      expect(requests[2]!.predicted.cacheRead).toBe(0);
      expect(requests[2]!.divergence).toMatchObject({ cause: 'route' });
      expect(requests[2]!.divergence!.detail).toContain('prompt_cache_key:tenant-b');
    });
  }
});
