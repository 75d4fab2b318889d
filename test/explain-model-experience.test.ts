import { expect, it } from 'vitest';
import { guardComposition } from '../src/analysis/index.js';
import { modelExperienceCards } from '../src/analysis/guard/model-experience.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { BASE_BUNDLE, baseBundleWithContinuableFork, SNAPSHOTS } from './support/guard-corpus.js';

const count = (value: number) => value.toLocaleString('en-US');

describeWithCorpus('dsh', 'kvprefix explain: Model Experience cards with the composition\'s numbers', () => {
  it('prints one card per delegation tool in the DSH READMEs\' layout', async () => {
    const io = bufferedIo(corpusPath('dsh'));
    expect(await runCli(['explain', BASE_BUNDLE], io)).toBe(EXIT.ok);
    const out = io.out.join('');
    for (const heading of ["## subagent — provider 'spawn'", "## subagent_fork — provider 'fork' (inherits the parent's completed turns)", '#### What the model sees', '#### Token effect', '#### KV Cache effect', '### Parent tool result, indirectly']) {
      expect(out).toContain(heading);
    }
  });

  it('the numbers in the card are the guard\'s prefix comparison of the assembled heads with the logged history', async () => {
    const session = corpusPath('dsh', SNAPSHOTS, 'subagent-fork-in-process/session.jsonl');
    const report = await guardComposition(baseBundleWithContinuableFork(), { session });
    const fork = modelExperienceCards(report).find((card) => card.tool === 'subagent_fork')!;
    const analysis = report.delegations.find((entry) => entry.delegation.tool === 'subagent_fork')!;
    const [continuable, foreground] = fork.paths;
    const outcome = analysis.paths[0]!.outcome;
    if (outcome.state !== 'assembled' || !continuable?.numbers || !foreground?.numbers) throw new Error('expected assembled paths');
    expect(continuable.numbers).toEqual({
      parentHeadTokens: outcome.head.parentTokens,
      childHeadTokens: outcome.head.childTokens,
      inheritedHistoryTokens: outcome.request.parentTokens - outcome.head.parentTokens,
      inheritedMessages: analysis.inheritedMessages,
      reusedTokens: outcome.request.commonTokens,
      lostTokens: outcome.request.lostTokens,
      tokenizer: 'o200k_base',
    });
    expect(continuable.numbers.childHeadTokens).toBeGreaterThan(continuable.numbers.parentHeadTokens);
    expect(continuable.kvCacheEffect).toContain(`reuses only ${count(outcome.request.commonTokens)} of the parent's ${count(outcome.request.parentTokens)}`);
    expect(continuable.whatTheModelSees).toContain("child-only section 'tool:report', tool 'report'");
    // The opt-in foreground call keeps everything.
    expect(foreground.numbers.lostTokens).toBe(0);
    expect(foreground.kvCacheEffect).toContain(`may reuse all ${count(foreground.numbers.reusedTokens)} tokens`);
  });

  it('--json prints the cards', async () => {
    const io = bufferedIo(corpusPath('dsh'));
    expect(await runCli(['explain', BASE_BUNDLE, '--json'], io)).toBe(EXIT.ok);
    const document = JSON.parse(io.out.join('')) as { source: string; cards: { tool: string }[] };
    expect(document.source).toBe(BASE_BUNDLE);
    expect(document.cards.map((card) => card.tool)).toEqual(expect.arrayContaining(['subagent', 'subagent_fork']));
  });
});
