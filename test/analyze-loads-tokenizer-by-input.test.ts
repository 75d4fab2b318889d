import { expect, it, vi } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// Counts every load of the DeepSeek vocabulary, the load itself left as it is.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/analysis/deepseek/deepseek-vocabulary.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/analysis/deepseek/deepseek-vocabulary.js')>();
  return {
    ...original,
    loadDeepSeekVocabulary: () => {
      loads.count++;
      return original.loadDeepSeekVocabulary();
    },
  };
});

const CLAUDE_CODE_PROJECT = 'claude-code-sessions/test/test_data/real_projects/-src-deep-manifest';
const DSH_FOLDER = 'dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process';

// `kvprefix analyze` loads a tokenizer's vocabulary only for the inputs it reads: a Claude Code
// transcript is estimated with o200k and never needs DeepSeek's.
describeWithCorpus(['claude-code-sessions', 'dsh'], 'analyze loads the DeepSeek vocabulary by input kind', () => {
  it('a Claude Code project folder is analysed without loading the DeepSeek vocabulary; a DSH folder loads it', async () => {
    loads.count = 0;
    const claudeCode = bufferedIo(corpusPath());
    expect(await runCli(['analyze', CLAUDE_CODE_PROJECT, '--json'], claudeCode)).toBe(EXIT.ok);
    expect(JSON.parse(claudeCode.out.join('')).trees[0].policy).toBe('anthropic');
    expect(loads.count).toBe(0);

    const dsh = bufferedIo(corpusPath());
    expect(await runCli(['analyze', DSH_FOLDER, '--json'], dsh)).toBe(EXIT.ok);
    expect(loads.count).toBeGreaterThan(0);
  });
});
