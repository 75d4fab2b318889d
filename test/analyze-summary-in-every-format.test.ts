import { expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { count } from '../src/analysis/report/text-format.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

async function analyze(argv: string[]): Promise<string> {
  const io = bufferedIo();
  expect(await runCli(['analyze', corpusPath('claude-code-2026', 'projects'), ...argv], io)).toBe(EXIT.ok);
  return io.out.join('');
}

// "Where the cache went" is the replay's prediction: every format says so beside the logged totals,
// and the Markdown report carries the self-check the text report has.
describeWithCorpus('claude-code-2026', 'analyze labels where the cache went as predicted, beside the logged totals, in every format', () => {
  it('text, Markdown and HTML say "as the replay predicts it" and give the logged uncached plus written tokens', async () => {
    const document = JSON.parse(await analyze(['--json'])) as { totals: { observed: { uncached: number; cacheWrite: number; requests: number } } };
    const logged = `(logged: ${count(document.totals.observed.uncached + document.totals.observed.cacheWrite)} prefilled or written on ${count(document.totals.observed.requests)} requests)`;
    // The headline follows the line naming the folders read, when there is one.
    const headline = (await analyze([])).split('\n').find((line) => line.startsWith('where the cache went'));
    expect(headline).toMatch(/^where the cache went, as the replay predicts it: [\d,]+ tokens prefilled or written \(\$[\d.]+\) /);
    expect(headline).toContain(logged);
    expect(await analyze(['--format', 'md'])).toContain(`### Where the cache went, as the replay predicts it: `);
    expect(await analyze(['--format', 'md'])).toContain(logged);
    const file = `${process.env['TMPDIR'] ?? '/tmp'}/kvprefix-summary-${process.pid}.html`;
    await analyze(['--format', 'html', '-o', file]);
    const { readFileSync, rmSync } = await import('node:fs');
    const page = readFileSync(file, 'utf8');
    rmSync(file);
    expect(page).toContain('Where the cache went, as the replay predicts it: ');
    expect(page).toContain(logged);
  });

  it('the Markdown report ends with the self-check line the text report gives', async () => {
    const selfCheck = (await analyze([])).split('\n').find((line) => line.startsWith('self-check against logged usage: '));
    expect(selfCheck).toBeDefined();
    // A list item there, beside the provider-diagnosis lines.
    expect((await analyze(['--format', 'md'])).split('\n')).toContain(`- ${selfCheck}`);
  });
});
