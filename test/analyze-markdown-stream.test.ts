import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { analyzePaths, policyByName, renderAnalyzeMarkdown, type AnalyzeResult } from '../src/analysis/index.js';
import { writeAnalyzeMarkdown } from '../src/analysis/report/analyze-markdown.js';
import { bufferedIo, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// Issue 16: `--format md` is written as a stream, tree by tree, as `--json` is: the report is never
// held as one string, and what is written is the whole report.
const PROJECTS = 'claude-code-sessions/test/test_data/real_projects';
const CHUNK = 1 << 16;

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'kvprefix-md-stream-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let analysed: AnalyzeResult | undefined;
async function projects(): Promise<AnalyzeResult> {
  return (analysed ??= await analyzePaths([corpusPath(PROJECTS)], { policyByName }));
}

describeWithCorpus(PROJECTS, 'analyze --format md as a stream', () => {
  it('writes the report in chunks of about 64 KiB, the first before the last tree is read', async () => {
    const result = await projects();
    expect(result.trees.length).toBeGreaterThan(3);
    const chunks: string[] = [];
    // The last tree's sessions are read only when its section is written: count what was written by then.
    const last = result.trees.at(-1)!;
    let writtenBeforeLastTree: number | undefined;
    const watched = { ...result, trees: [...result.trees.slice(0, -1), Object.defineProperty({ ...last }, 'sessions', { get: () => ((writtenBeforeLastTree ??= chunks.length), last.sessions) })] };
    writeAnalyzeMarkdown(watched, (chunk) => void chunks.push(chunk), { requests: true });
    expect(writtenBeforeLastTree).toBeGreaterThan(0);
    expect(chunks.length).toBeGreaterThan(2);
    // Every chunk but the last is gathered to the chunk size and never grows to a whole report.
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(CHUNK);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(2 * CHUNK);
    expect(chunks.join('')).toBe(renderAnalyzeMarkdown(result, { requests: true }));
  });

  it('ends as the joined lines trimmed, with one line break, and holds every tree and session', async () => {
    const result = await projects();
    const text = renderAnalyzeMarkdown(result, { requests: true });
    expect(text).toBe(`${text.trimEnd()}\n`);
    expect(text.match(/^### Session tree \d+: /gm)).toHaveLength(result.trees.length);
    const sessions = result.trees.reduce((sum, tree) => sum + tree.sessions.length, 0);
    expect(text.match(/^#### `/gm)?.length).toBeGreaterThanOrEqual(sessions);
    const requests = result.trees.reduce((sum, tree) => sum + tree.sessions.reduce((inner, session) => inner + session.requests.length, 0), 0);
    expect(text.match(/^\| \d/gm)).toHaveLength(requests);
  });

  it('the CLI writes the same report to standard output and to -o FILE', async () => {
    const io = bufferedIo(root);
    expect(await runCli(['analyze', corpusPath(PROJECTS), '--format', 'md', '--requests'], io)).toBe(0);
    expect(io.out.length).toBeGreaterThan(1);
    const file = bufferedIo(root);
    expect(await runCli(['analyze', corpusPath(PROJECTS), '--format', 'md', '--requests', '-o', 'report.md'], file)).toBe(0);
    expect(readFileSync(path.join(root, 'report.md'), 'utf8')).toBe(io.out.join(''));
  });
});

it.skipIf(!existsSync('/dev/full'))('a full disk under -o FILE is one input error, not a stack trace', async () => {
  const body = JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'system', content: 'You help. '.repeat(20_000) }, { role: 'user', content: 'hi' }] });
  const { writeFileSync } = await import('node:fs');
  writeFileSync(path.join(root, 'one.json'), body);
  for (const format of ['md', 'json']) {
    const io = bufferedIo(root);
    const code = await runCli(['analyze', 'one.json', '--format', format, '--segments', '-o', '/dev/full'], io);
    expect({ format, code, err: io.err.join('') }).toEqual({ format, code: 3, err: 'kvprefix analyze: /dev/full: cannot write: no space left on the device\n' });
  }
});
