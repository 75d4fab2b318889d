import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markdownText, terminalText } from '../src/analysis/text/terminal-text.js';
import { bufferedIo, runCli } from '../src/cli/index.js';
import { BUDGET, runBounded } from './support/bounded-run.js';

// Issue 17 §2, §3, §4, §11 and §13: hostile input to the CLI ends in a clear input error (exit 3,
// the file and a reason, no stack trace), a warning, or escaped output.
let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'kvprefix-hostile-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function cli(...argv: string[]) {
  const io = bufferedIo(root);
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

const HOSTILE_MODEL = 'gpt-4o\u001b]0;pwned\u0007\u001b[2J\r<img src=x onerror=alert(1)>';
const body = (model: string, text: string) => JSON.stringify({ model, messages: [{ role: 'system', content: 'You help.' }, { role: 'user', content: text }] });

describe('escaping', () => {
  it('terminal text shows control characters as escapes and keeps only the renderer colours', () => {
    expect(terminalText('a\u001b]0;t\u0007b\rc\n')).toBe('a\\u001b]0;t\\u0007b\\rc\n');
    expect(terminalText('\u001b[1mbold\u001b[0m \u001b[2J', { colours: true })).toBe('\u001b[1mbold\u001b[0m \\u001b[2J');
    expect(markdownText('<img src=x> & \u001b')).toBe('&lt;img src=x&gt; &amp; \\u001b');
  });

  it('analyze text and Markdown print a hostile model name escaped', async () => {
    writeFileSync(path.join(root, 'one.json'), body(HOSTILE_MODEL, 'hello'));
    const text = await cli('analyze', 'one.json');
    expect(text.code).toBe(0);
    expect(text.out).not.toMatch(/[\u001b\u0007\r]/);
    expect(text.out).toContain('gpt-4o\\u001b]0;pwned\\u0007\\u001b[2J\\r<img');
    const md = await cli('analyze', 'one.json', '--format', 'md');
    expect(md.out).not.toContain('<img');
    expect(md.out).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('diff text prints a hostile model name escaped', async () => {
    writeFileSync(path.join(root, 'child.json'), body(HOSTILE_MODEL, 'hello again'));
    const run = await cli('diff', 'one.json', 'child.json');
    expect(run.code).toBe(0);
    expect(run.out).not.toMatch(/[\u001b\u0007\r]/);
  });

  it('an error message naming a hostile file name escapes it', async () => {
    const run = await cli('analyze', 'gone\u001b[2J.json');
    expect(run).toEqual({ code: 3, out: '', err: 'kvprefix analyze: gone\\u001b[2J.json: no such file or directory\n' });
  });
});

describe('price files and cassettes', () => {
  it('--prices /dev/zero is refused at once, within 5 s and 300 MB', () => {
    writeFileSync(path.join(root, 'one.json'), body('gpt-4o', 'hello'));
    const run = runBounded(['analyze', 'one.json', '--prices', '/dev/zero'], root);
    expect(run).toMatchObject({ code: 3, out: '', err: 'kvprefix analyze: /dev/zero: cannot read: is a character device, not a file\n' });
    expect(run.ms).toBeLessThan(BUDGET.ms);
    expect(run.peakRssMb).toBeLessThan(BUDGET.rssMb);
  });

  it('a price file with invalid UTF-8 is refused with its byte offset', async () => {
    writeFileSync(path.join(root, 'one.json'), body('gpt-4o', 'hello'));
    writeFileSync(path.join(root, 'prices.yaml'), Buffer.concat([Buffer.from('prices:\n  "*": { input: 1 } # caf'), Buffer.from([0xe9]), Buffer.from('\n')]));
    expect(await cli('analyze', 'one.json', '--prices', 'prices.yaml')).toEqual({ code: 3, out: '', err: `kvprefix analyze: ${path.join(root, 'prices.yaml')}:2: byte 33 (0xE9): not valid UTF-8\n` });
  });

  it('a cassette named directly with `interactions: []` exits 3 saying it holds nothing', async () => {
    writeFileSync(path.join(root, 'empty.yaml'), 'interactions: []\nversion: 1\n');
    expect(await cli('analyze', 'empty.yaml')).toEqual({ code: 3, out: '', err: 'kvprefix analyze: empty.yaml: the cassette holds no interactions (interactions: []): there is no request to read\n' });
  });
});

describe('compositions', () => {
  it('eight files each including the next ten times are refused within 5 s and 300 MB, naming the file', () => {
    for (let level = 0; level < 8; level++) {
      const rows = level === 7 ? '- name: "@deepseek-ai/dsh-core"\n  id: core\n' : Array.from({ length: 10 }, (_, index) => `- name: "@deepseek-ai/cordis-plugin-include"\n  id: inc-${index}\n  config:\n    path: ./level-${level + 1}.yml\n`).join('');
      writeFileSync(path.join(root, `level-${level}.yml`), rows);
    }
    const run = runBounded(['guard', 'level-0.yml'], root);
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/^kvprefix guard: level-\d\.yml:\d+: includes expand more than 1000 times \(at .*level-\d\.yml\): include each file fewer times\n$/);
    expect(run.ms).toBeLessThan(BUDGET.ms);
    expect(run.peakRssMb).toBeLessThan(BUDGET.rssMb);
  });

  it('a YAML alias bomb is an input error with the file and line', async () => {
    const bomb = ['- name: "@deepseek-ai/dsh-core"', '  id: core', '  config:', '    a: &a ["x","x","x","x","x","x","x","x","x"]', '    b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]', '    c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]', '    d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]', '    e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]', '    f: [*e,*e,*e,*e,*e,*e,*e,*e,*e]', ''].join('\n');
    writeFileSync(path.join(root, 'bomb.yml'), bomb);
    const run = await cli('guard', 'bomb.yml');
    expect(run).toEqual({ code: 3, out: '', err: 'kvprefix guard: bomb.yml:1: too many YAML alias expansions (an alias bomb?): write the values out, or use fewer aliases\n' });
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])('a row named %s is read as an unknown plugin, not an internal error', async (name) => {
    writeFileSync(path.join(root, 'odd.yml'), `- name: ${name}\n  id: odd\n  config:\n    constructor: 1\n`);
    const run = await cli('guard', 'odd.yml');
    expect(run.err).not.toMatch(/internal error/);
    expect([0, 1]).toContain(run.code);
  });
});

describe('output that cannot be written', () => {
  it.skipIf(!existsSync('/dev/full'))('demo --json > /dev/full exits 3 with one line, no stack trace', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', 'demo', '--json', '-o', path.join(root, 'demo.html')], { cwd: path.resolve(import.meta.dirname, '..'), stdio: ['ignore', full, 'pipe'], encoding: 'utf8', timeout: 120_000 });
      expect(run.status).toBe(3);
      expect(run.stderr).toBe('kvprefix: cannot write the output: no space left on the device\n');
    } finally {
      closeSync(full);
    }
  });
});
