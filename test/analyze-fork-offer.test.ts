import { expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

interface ReportJson {
  whatIf: { fork: { children: number } | null; forkableSubagents: number };
  trees: { sessions: string[] }[];
}

async function analyze(argv: string[]): Promise<{ code: number; text: string }> {
  const io = bufferedIo();
  const code = await runCli(['analyze', ...argv], io);
  return { code, text: io.out.join('') };
}

// The report offers `--fork` for the subagents it would fork, and `--fork` then forks that many.
describeWithCorpus(['claude-code-2026', 'claude-code-sessions'], 'analyze offers --fork only where it forks, with the count it then forks', () => {
  const inputs = [corpusPath('claude-code-2026', 'projects'), corpusPath('claude-code-sessions', 'test/test_data/real_projects')];

  it.each(inputs)('%s: the subagents offered are the subagents --fork forks', async (input) => {
    const plain = await analyze([input, '--json']);
    const forked = await analyze([input, '--json', '--fork']);
    expect([plain.code, forked.code]).toEqual([EXIT.ok, EXIT.ok]);
    const offered = (JSON.parse(plain.text) as ReportJson).whatIf.forkableSubagents;
    const answer = JSON.parse(forked.text) as ReportJson;
    expect(offered).toBeGreaterThan(0);
    expect(answer.whatIf.fork?.children).toBe(offered);
    expect(answer.whatIf.forkableSubagents).toBe(offered);
    const text = await analyze([input]);
    expect(text.text).toContain(`what if the ${offered} subagent${offered === 1 ? '' : 's'} had been forked instead of spawned: run again with --fork`);
  });

  it('a tree whose subagents all started before their parent logged a request is offered no --fork', async () => {
    // -tmp-private: two subagents beside the session, which --fork leaves spawned.
    const input = corpusPath('claude-code-2026', 'projects', '-tmp-private');
    const plain = await analyze([input, '--json']);
    const report = JSON.parse(plain.text) as ReportJson;
    expect(report.trees[0]!.sessions.length).toBe(3);
    expect(report.whatIf.forkableSubagents).toBe(0);
    expect((await analyze([input, '--json', '--fork'])).text).toContain('"fork":null');
    expect((await analyze([input])).text).not.toContain('--fork');
  });
});
