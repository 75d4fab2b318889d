import { mkdtempSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzePaths, policyByName, type AnalyzeResult } from '../src/analysis/index.js';
import { bufferedIo, runCli } from '../src/cli/index.js';
import { brokenLog, goodLog, makeDeepFolder, makeFifo, writeNonUtf8Name } from './support/walk-tree.js';

// Issue 17 §9 and issue 20 §3: a walked folder never aborts. Every item that cannot be read is
// listed with its reason; every real file is read once.
let root: string;
let result: AnalyzeResult;
let elapsed: number;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'kvprefix-walk-'));
  writeFileSync(path.join(root, 'a-good.jsonl'), goodLog('good-a'));
  writeFileSync(path.join(root, 'b-broken.jsonl'), brokenLog('broken-b'));
  symlinkSync(path.join(root, 'a-good.jsonl'), path.join(root, 'c-link-to-good.jsonl'));
  symlinkSync(path.join(root, 'missing.jsonl'), path.join(root, 'd-dangling.jsonl'));
  symlinkSync('.', path.join(root, 'e-self'));
  makeFifo(path.join(root, 'f-fifo.jsonl'));
  writeNonUtf8Name(root, 'g-latin1', goodLog('non-utf8'));
  symlinkSync('/dev/zero', path.join(root, 'h-zero.jsonl'));
  mkdirSync(path.join(root, 'i-deep'));
  makeDeepFolder(path.join(root, 'i-deep'), 'deep');
  writeFileSync(path.join(root, 'j-odd \u001b]0;title\u0007 name.jsonl'), goodLog('good-odd'));
  const started = performance.now();
  result = await analyzePaths([root], { policyByName });
  elapsed = performance.now() - started;
});

// `rm -r` walks by relative steps; Node's rmSync cannot unlink a path past PATH_MAX.
afterAll(() => void spawnSync('rm', ['-rf', root]));

const reasonOf = (name: string) => result.skipped.find((skip) => path.basename(skip.file) === name || skip.file.endsWith(name))?.reason;

describe('walking a folder with broken items', () => {
  it('analyses each good log exactly once (a link to one is not read again)', () => {
    expect(result.trees.map((tree) => tree.sessions[0]!.id).sort()).toEqual(['good-a', 'good-odd']);
  });

  it('skips a malformed log with its line number', () => {
    expect(reasonOf('b-broken.jsonl')).toMatch(/^line 2: /);
  });

  it('skips a second link to a file already read, naming the first', () => {
    expect(reasonOf('c-link-to-good.jsonl')).toBe(`the same file as ${path.join(root, 'a-good.jsonl')} (reached again, e.g. through a link): read once`);
  });

  it('skips a dangling link', () => {
    expect(reasonOf('d-dangling.jsonl')).toBe('a symbolic link to nothing (its target does not exist)');
  });

  it('skips a link loop after one visit', () => {
    expect(reasonOf('e-self')).toBe(`the same folder as ${root} (reached again, e.g. through a link): read once`);
  });

  it('skips a FIFO without opening it (no hang) and a link to /dev/zero without reading it', () => {
    expect(reasonOf('f-fifo.jsonl')).toBe('cannot read: is a FIFO (named pipe), not a regular file');
    expect(reasonOf('h-zero.jsonl')).toBe('cannot read: is a character device, not a file');
    expect(elapsed).toBeLessThan(60_000);
  });

  it('skips a non-UTF-8 file name, showing its bytes', () => {
    expect(result.skipped.find((skip) => skip.file.includes('g-latin1'))).toEqual({ file: path.join(root, 'g-latin1-\\xff.jsonl'), reason: 'the file name is not valid UTF-8; rename it to read it' });
  });

  it('skips a path past PATH_MAX', () => {
    const deep = result.skipped.find((skip) => skip.file.endsWith('deep.jsonl') || skip.reason.includes('longer than'));
    expect(deep?.reason).toBe('the path is longer than the system allows');
  });
});

describe('the skipped list in every format', () => {
  const cli = async (...argv: string[]) => {
    const io = bufferedIo(root);
    const code = await runCli(['analyze', root, ...argv], io);
    return { code, out: io.out.join(''), err: io.err.join('') };
  };

  it('text: exit 0, the footer lists each skipped item with its reason, control characters escaped', async () => {
    const run = await cli();
    expect(run.code).toBe(0);
    expect(run.out).toContain(`skipped ${path.join(root, 'b-broken.jsonl')}: line 2: `);
    expect(run.out).toContain(`skipped ${path.join(root, 'f-fifo.jsonl')}: cannot read: is a FIFO (named pipe), not a regular file`);
    expect(run.out).not.toContain('\u001b');
    expect(run.out).toContain('j-odd \\u001b]0;title\\u0007 name.jsonl');
  });

  it('JSON: `skipped` holds the same items', async () => {
    const run = await cli('--json');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.out) as { skipped: { file: string; reason: string }[] };
    expect(json.skipped).toEqual(result.skipped);
  });

  it('HTML: the page lists the skipped items', async () => {
    const page = path.join(root, '..', `${path.basename(root)}.html`);
    const run = await cli('--format', 'html', '-o', page);
    expect(run.code).toBe(0);
    const html = (await import('node:fs')).readFileSync(page, 'utf8');
    rmSync(page);
    expect(html).toContain(`<h2>Skipped (${result.skipped.length})</h2>`);
    expect(html).toContain('b-broken.jsonl</code>: line 2: ');
  });
});
