import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEmbeddedPageData } from '../src/analysis/index.js';
import { createAnalyzeCommand } from '../src/cli/commands/analyze.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { unitPolicies, unitPolicy } from './support/unit-policy.js';

// `kvprefix analyze`: exit codes, the --json shape of issue 9 §5, Markdown, -o, colour and progress
// only on a terminal, and bad input reported as file, line and reason.
const command = createAnalyzeCommand({
  policyByName: unitPolicies,
  // A price file here is one number: the input price, applied to every policy.
  withPriceFile: async (file, lookup) => {
    const input = Number(readFileSync(file, 'utf8'));
    return (name) => ({ ...lookup(name), pricesFor: (model) => ({ ...unitPolicy(name).pricesFor(model), input }) });
  },
});

async function analyze(argv: string[], cwd: string, terminal: { colour?: boolean; progress?: boolean } = {}) {
  const io = bufferedIo(cwd, undefined, terminal);
  const code = await runCli(['analyze', ...argv], io, [command]);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

function conversation(): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'kvprefix-analyze-cli-'));
  const system = { role: 'system', content: 'You are a careful reviewer. '.repeat(40) };
  const first = [system, { role: 'user', content: 'Review src/index.ts.' }];
  const second = [...first, { role: 'assistant', content: 'It exports the engine.' }, { role: 'user', content: 'And src/cli?' }];
  writeFileSync(path.join(directory, '1.json'), JSON.stringify({ model: 'deepseek-v4-flash', messages: first }));
  writeFileSync(path.join(directory, '2.json'), JSON.stringify({ model: 'deepseek-v4-flash', messages: second }));
  return directory;
}

describe('kvprefix analyze', () => {
  it('--json writes the whole result and nothing else, in the shape of issue 9', async () => {
    const directory = conversation();
    const { code, out, err } = await analyze(['1.json', '2.json', '--json'], directory);
    expect({ code, err }).toEqual({ code: EXIT.ok, err: '' });
    const result = JSON.parse(out);
    expect(result.sessions.map((session: { file: string }) => session.file)).toEqual(['1.json', '2.json']);
    const session = result.sessions[1];
    expect(Object.keys(session)).toEqual(expect.arrayContaining(['file', 'id', 'parentSession', 'seedLength', 'requests']));
    const request = session.requests[0];
    expect(request).toMatchObject({ index: 0, tokens: expect.any(Number), observed: null, divergence: { kind: 'message', name: 'message[2]:assistant', cause: 'extension' } });
    expect(Object.keys(request.predicted)).toEqual(['uncached', 'cacheRead', 'cacheWrite', 'cacheReadRange']);
    expect(request.predicted.cacheRead).toBeGreaterThan(0);
    expect(result.trees[0]).toMatchObject({ policy: 'deepseek', sessions: ['1.json', '2.json'] });
    expect(result.totals.requests).toBe(2);
  });

  it('--requests prints a table per session with totals, no colour and no progress when not on a terminal', async () => {
    const { code, out, err } = await analyze(['.', '--requests'], conversation());
    expect(code).toBe(EXIT.ok);
    expect(err).toBe('');
    expect(out).toMatch(/^session tree 1: 1\.json — policy deepseek, tokens in o200k_base$/m);
    expect(out).toMatch(/^ {4}# +route +tokens +predicted read +predicted written +predicted uncached +observed read +observed written +observed uncached +cause$/m);
    expect(out).toMatch(/^ {4}0 +deepseek\/deepseek-v4-flash .* first$/m);
    expect(out).toMatch(/^ {4}0 +deepseek\/deepseek-v4-flash .* extension\*$/m);
    expect(out).toMatch(/^ {2}totals: 2 requests, [\d,]+ tokens; predicted read [\d,]+ \([\d.]+%\), written 0; no usage logged; cost \$[\d.]+ predicted$/m);
    expect(out).not.toContain('\u001b[');
  });

  // Progress (on a terminal, after a second) is timed, so test/cli-progress-line.test.ts drives it with a clock.
  it('colours the causes on a terminal', async () => {
    const { out } = await analyze(['1.json', '2.json', '--requests'], conversation(), { colour: true, progress: true });
    expect(out).toContain('\u001b[32mextension*');
  });

  it('--format md --requests is a Markdown table fit for a pull-request comment', async () => {
    const { out } = await analyze(['1.json', '2.json', '--format', 'md', '--requests'], conversation());
    expect(out).toContain('| # | route | tokens | predicted read | predicted written | predicted uncached | observed read | observed written | observed uncached | cause |');
    expect(out).toContain('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    expect(out).toMatch(/^\*\*totals: 2 requests/m);
  });

  it('-o writes the report to a file and nothing to stdout; --prices re-prices it', async () => {
    const directory = conversation();
    writeFileSync(path.join(directory, 'prices.txt'), '1000');
    const cheap = JSON.parse((await analyze(['1.json', '--json'], directory)).out);
    const { code, out } = await analyze(['1.json', '--json', '--prices', 'prices.txt', '-o', 'report.json'], directory);
    expect({ code, out }).toEqual({ code: EXIT.ok, out: '' });
    const priced = JSON.parse(readFileSync(path.join(directory, 'report.json'), 'utf8'));
    expect(priced.totals.cost.predicted).toBeCloseTo(cheap.totals.cost.predicted * 1000, 9);
  });

  it('-o into a missing folder, or onto a folder, is an input error in plain words (exit 3), never a raw ENOENT', async () => {
    const directory = conversation();
    const missing = await analyze(['1.json', '--json', '-o', 'nodir/x'], directory);
    expect(missing).toMatchObject({ code: EXIT.input, out: '' });
    expect(missing.err).toBe('kvprefix analyze: nodir/x: cannot write: the folder nodir does not exist\n');
    const onFolder = await analyze(['1.json', '--json', '-o', '.'], directory);
    expect(onFolder.code).toBe(EXIT.input);
    expect(onFolder.err).toBe('kvprefix analyze: .: cannot write: is a directory, not a file\n');
  });

  it('--format html -o writes one self-contained page that draws every request of the result', async () => {
    const directory = conversation();
    const json = JSON.parse((await analyze(['1.json', '2.json', '--json'], directory)).out);
    const { code, out } = await analyze(['1.json', '2.json', '--format', 'html', '-o', 'report.html'], directory);
    expect({ code, out }).toEqual({ code: EXIT.ok, out: '' });
    const page = readFileSync(path.join(directory, 'report.html'), 'utf8');
    expect(page).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
    const trees = readEmbeddedPageData(page);
    const rows = trees.flatMap((tree) => tree.rows);
    const requests = json.sessions.flatMap((session: { requests: { tokens: number; predicted: { cacheRead: number } }[] }) => session.requests);
    expect(rows.map((row) => [row.tokens, row.reused])).toEqual(requests.map((request: { tokens: number; predicted: { cacheRead: number } }) => [request.tokens, request.predicted.cacheRead]));
    expect(rows).toHaveLength(2);
    // The page opens with the same summary the text report opens with.
    expect(page.indexOf('id="where-the-cache-went"')).toBeGreaterThan(0);
    expect(page.indexOf('id="where-the-cache-went"')).toBeLessThan(page.indexOf('id="trees"'));
    expect(page).toContain('Where the cache went, as the replay predicts it: ');
  });

  it('exits 2 on usage errors: an unknown policy, format, --by or --ttl, a bad date, html without -o, --json against --format md', async () => {
    const directory = conversation();
    for (const argv of [['1.json', '--by', 'week'], ['1.json', '--ttl', '2h'], ['1.json', '--since', 'yesterday'], ['1.json', '--timezone', 'Mars/Olympus'], ['1.json', '--policy', 'memcached'], ['1.json', '--format', 'yaml'], ['1.json', '--format', 'html'], ['1.json', '--json', '--format', 'md'], ['1.json', '--provider', 'Deep Seek']]) {
      const { code, err } = await analyze(argv, directory);
      expect(code).toBe(EXIT.usage);
      expect(err).toContain('usage: kvprefix analyze');
    }
  });

  it('exits 3 on unreadable input with file, line and reason, never a stack trace', async () => {
    const directory = conversation();
    writeFileSync(path.join(directory, 'broken.json'), '{"model": "deepseek-v4-flash",\n "messages": [\n  {"role": "user" "content": "hi"}\n]}');
    const broken = await analyze(['1.json', 'broken.json'], directory);
    expect(broken.code).toBe(EXIT.input);
    expect(broken.err).toMatch(/^kvprefix analyze: broken\.json:3: /);
    expect(broken.err).not.toMatch(/\n\s+at /);
    const missing = await analyze(['nothing-here.json'], directory);
    expect(missing).toMatchObject({ code: EXIT.input, err: 'kvprefix analyze: nothing-here.json: no such file or directory\n' });
    writeFileSync(path.join(directory, 'notes.txt'), 'hello');
    expect((await analyze(['notes.txt'], directory)).err).toMatch(/^kvprefix analyze: notes\.txt: not something kvprefix analyze reads/);
  });
});

describeWithCorpus('pydantic-ai-cache-cassettes', 'kvprefix analyze on recorded cassettes', () => {
  it('sets the observed reads of an Anthropic cassette beside the prediction', async () => {
    const { code, out } = await analyze(['test_anthropic/test_anthropic_cache_real_api.yaml', '--json'], corpusPath('pydantic-ai-cache-cassettes/tests/models/cassettes'));
    expect(code).toBe(EXIT.ok);
    const [session] = JSON.parse(out).sessions;
    expect(session.requests.map((request: { observed: { cacheRead: number } }) => request.observed.cacheRead)).toEqual([1111, 1111]);
    expect(session.requests[1].observed.cacheWrite).toBe(418);
  });
});
