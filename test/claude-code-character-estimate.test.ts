import { expect, it, vi } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// Counts every load of a byte-pair vocabulary (o200k_base, cl100k_base), the load itself left as it is.
const loads = vi.hoisted(() => ({ names: [] as string[] }));
vi.mock('../src/prefix/rank-table-file.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/prefix/rank-table-file.js')>();
  return {
    ...original,
    loadRankTable: (name: string) => {
      loads.names.push(name);
      return original.loadRankTable(name);
    },
  };
});

const CLAUDE_CODE_PROJECT = 'claude-code-sessions/test/test_data/real_projects/-src-deep-manifest';

// Claude's tokenizer is not public: block sizes are estimated, then fitted to the logged usage. By
// default the estimate is Anthropic's own rule (about 3.5 characters per token), so no vocabulary is
// loaded and no text tokenized; `--tokenizer` asks for a tokenizer's counts instead.
describeWithCorpus(['claude-code-sessions'], 'Claude Code block sizes before calibration', () => {
  it('are estimated by characters with no vocabulary loaded, and counted with o200k_base when --tokenizer asks for it', async () => {
    loads.names.length = 0;
    const estimated = bufferedIo(corpusPath());
    expect(await runCli(['analyze', CLAUDE_CODE_PROJECT, '--json'], estimated)).toBe(EXIT.ok);
    const estimatedReport = JSON.parse(estimated.out.join(''));
    const byCharacters = estimatedReport.trees[0];
    expect(byCharacters.tokenizer).toBe('characters / 3.5 (calibrated to logged Claude usage)');
    expect(byCharacters.notes.some((note: string) => note.includes('a Claude token is about 3.5 English characters'))).toBe(true);
    expect(loads.names).toEqual([]);

    const counted = bufferedIo(corpusPath());
    expect(await runCli(['analyze', CLAUDE_CODE_PROJECT, '--json', '--tokenizer', 'o200k_base'], counted)).toBe(EXIT.ok);
    const countedReport = JSON.parse(counted.out.join(''));
    const byTokenizer = countedReport.trees[0];
    expect(byTokenizer.tokenizer).toBe('o200k_base (calibrated to logged Claude usage)');
    expect(loads.names).toEqual(['o200k_base']);
    // The estimate sizes blocks, never what was logged: the same requests, the same observed totals.
    expect(countedReport.totals.requests).toBe(estimatedReport.totals.requests);
    expect(countedReport.totals.observed).toEqual(estimatedReport.totals.observed);
  });
});
