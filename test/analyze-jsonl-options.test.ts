import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// `analyze --format jsonl` takes the options that select requests (--since, --until, --project,
// --fail-on) and refuses those that shape a report, naming them; an unwritable -o is one line, exit 3.

const TRANSCRIPT = 'claude-code-sessions/test/test_data/real_projects/-src-deep-manifest/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl';

async function analyze(argv: string[]) {
  const io = bufferedIo(tmpdir());
  const code = await runCli(['analyze', ...argv], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

const rowsOf = (out: string) => out.trimEnd().split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { time: string; divergence_cause: string | null });

describeWithCorpus('claude-code-sessions', 'analyze --format jsonl options', () => {
  it.each([['--by', 'day'], ['--ttl', '1h'], ['--fork'], ['--segments'], ['--requests']])('%s is refused with exit 2, naming it', async (...option) => {
    const { code, out, err } = await analyze([corpusPath(TRANSCRIPT), '--format', 'jsonl', ...option]);
    expect(code).toBe(EXIT.usage);
    expect(out).toBe('');
    expect(err).toContain(`${option[0]}`);
    expect(err).toContain('--format jsonl writes one row per request');
  });

  it('--since keeps the rows of the requests --json keeps', async () => {
    const all = rowsOf((await analyze([corpusPath(TRANSCRIPT), '--format', 'jsonl'])).out);
    const middle = all[Math.floor(all.length / 2)]!.time;
    const since = ['--since', middle, '--timezone', 'UTC'];
    const rows = await analyze([corpusPath(TRANSCRIPT), '--format', 'jsonl', ...since]);
    const json = JSON.parse((await analyze([corpusPath(TRANSCRIPT), '--json', ...since])).out) as { totals: { requests: number } };
    expect(rows.code).toBe(EXIT.ok);
    expect(rowsOf(rows.out).length).toBe(json.totals.requests);
    expect(rowsOf(rows.out).length).toBeLessThan(all.length);
    expect(rowsOf(rows.out).every((row) => Date.parse(row.time) >= Date.parse(`${middle.slice(0, 16)}Z`))).toBe(true);
  });

  it('--fail-on any-break writes every row, then the verdict on stderr, and exits as with --json', async () => {
    const rows = await analyze([corpusPath(TRANSCRIPT), '--format', 'jsonl', '--fail-on', 'any-break']);
    const json = await analyze([corpusPath(TRANSCRIPT), '--json', '--fail-on', 'any-break']);
    // The transcript's two idle gaps past the TTL fail it.
    expect(json.code).toBe(EXIT.findings);
    expect(rows.code).toBe(json.code);
    expect(rows.err).toBe(json.err);
    expect(rowsOf(rows.out).length).toBe((JSON.parse(json.out) as { totals: { requests: number } }).totals.requests);
  });

  it('-o into a folder that does not exist is one line naming the file, exit 3', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-rows-')), 'missing', 'rows.jsonl');
    const { code, out, err } = await analyze([corpusPath(TRANSCRIPT), '--format', 'jsonl', '-o', file]);
    expect(code).toBe(EXIT.input);
    expect(out).toBe('');
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toContain(file);
  });
});
