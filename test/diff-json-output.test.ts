import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRequestFile } from '../src/analysis/index.js';
import { bufferedIo, runCli } from '../src/cli/index.js';
import { comparePrefix, getTokenizer } from '../src/prefix/index.js';
import { corpusPath, itWithCorpus } from './support/corpus.js';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const CASSETTES = 'pydantic-ai-cache-cassettes/tests/models/cassettes';

async function diffJson(argv: string[], cwd: string): Promise<Record<string, any>> {
  const io = bufferedIo(cwd);
  expect(await runCli(['diff', ...argv, '--json'], io)).toBe(0);
  expect(io.err).toEqual([]);
  const out = io.out.join('');
  // Exactly one JSON object on one line, and nothing else.
  expect(out.endsWith('\n')).toBe(true);
  expect(out.trimEnd().includes('\n')).toBe(false);
  return JSON.parse(out) as Record<string, any>;
}

describe('kvprefix diff --json', () => {
  it('prints the comparison of the bundled fork pair as one object with the documented fields', async () => {
    const result = await diffJson(['examples/fork-parent.request.json', 'examples/fork-child-one-shot.request.json'], repositoryRoot);
    expect(Object.keys(result)).toEqual(['commonPrefix', 'divergence', 'parent', 'child', 'tokenizer']);
    expect(Object.keys(result['commonPrefix'])).toEqual(['segments', 'bytes', 'tokens']);
    expect(result['divergence']).toMatchObject({ index: 23, kind: 'task', name: 'message[4]:user', cause: 'task' });
    expect(result['divergence']['byteOffset']).toBe(result['commonPrefix']['bytes']);
    expect(result['parent']).toMatchObject({ segments: 24, source: 'examples/fork-parent.request.json', format: 'deepseek-chat', layout: 'chat', route: { provider: 'deepseek', model: 'deepseek-v4-flash' } });
    expect(result['child']).toMatchObject({ segments: 25 });
    expect(result['tokenizer']).toBe('o200k_base');

    // The same numbers the library gives.
    const parent = await readRequestFile('examples/fork-parent.request.json', { cwd: repositoryRoot });
    const child = await readRequestFile('examples/fork-child-one-shot.request.json', { cwd: repositoryRoot });
    const direct = comparePrefix(parent.request, child.request);
    expect(result['commonPrefix']).toEqual(direct.commonPrefix);
    expect(result['parent']).toMatchObject(direct.parent);
    expect(result['child']).toMatchObject(direct.child);
  });

  itWithCorpus('pydantic-ai-cache-cassettes', 'diffs two recorded requests of one cassette: DeepSeek revealing two tools mid-conversation', async () => {
    const file = `${CASSETTES}/test_deepseek/test_deepseek_deferred_capability_with_thinking.yaml`;
    const result = await diffJson([`${file}#1`, `${file}#2`], corpusPath());
    // system[0], system[1] and load_capability are shared; the child inserts get_player_name before search_tools.
    expect(result['commonPrefix']['segments']).toBe(3);
    expect(result['divergence']).toMatchObject({ index: 3, kind: 'tool', name: 'get_player_name', side: 'child', cause: 'tools', inferred: true });
    expect(result['divergence']['detail']).toMatch(/^tool 'get_player_name' is added before 'search_tools'; also tool 'roll_dice' is added/);
    expect(result['parent']).toMatchObject({ source: `${file}#1`, route: { provider: 'deepseek', model: 'deepseek-reasoner' } });
  });

  itWithCorpus('pydantic-ai-cache-cassettes', 'has a null divergence for the same request twice, and counts with the tokenizer asked for', async () => {
    const file = `${CASSETTES}/test_openai_prompt_cache/test_openai_chat_prompt_cache_e2e.yaml`;
    const result = await diffJson([`${file}#1`, `${file}#2`, '--tokenizer', 'cl100k_base'], corpusPath());
    expect(result['divergence']).toBeNull();
    // The one message is two segments: it is cut after the block that carries its prompt_cache_breakpoint.
    const { request } = await readRequestFile(`${file}#1`, { cwd: corpusPath() });
    expect(request.segments).toHaveLength(2);
    expect(result['commonPrefix']).toEqual({ segments: 2, bytes: result['parent']['bytes'], tokens: result['parent']['tokens'] });
    expect(result['tokenizer']).toBe('cl100k_base');
    expect(result['parent']['tokens']).toBe(getTokenizer('cl100k_base').count(request.segments.map((segment) => segment.text).join('')));
  });
});
