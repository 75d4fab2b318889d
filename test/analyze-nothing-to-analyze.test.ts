import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

async function run(argv: string[], cwd: string) {
  const io = bufferedIo(cwd);
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('analyze of a directory in which nothing can be analysed fails (exit 3), never an empty success', () => {
  it('a directory of files no reader reads: exit 3, naming how many were skipped and why the first was', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-analyze-nothing-'));
    writeFileSync(path.join(folder, 'notes.json'), '{"title":"not a request"}');
    writeFileSync(path.join(folder, 'list.json'), '[1, 2]');
    for (const format of [[], ['--format', 'json']]) {
      const { code, out, err } = await run(['analyze', '.', ...format], folder);
      expect(code).toBe(EXIT.input);
      expect(out).toBe('');
      expect(err).toMatch(/^kvprefix analyze: \.: nothing to analyze: 2 files skipped \(list\.json: .+\)/);
    }
  });

  it('an empty directory: exit 3', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-analyze-nothing-'));
    mkdirSync(path.join(folder, 'empty'));
    const { code, err } = await run(['analyze', 'empty'], folder);
    expect(code).toBe(EXIT.input);
    expect(err).toContain('empty: nothing to analyze: no file in it');
  });
});
