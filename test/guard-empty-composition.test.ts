import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

function scratch(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-empty-composition-')), name);
  writeFileSync(file, text);
  return file;
}

async function run(argv: string[]) {
  const io = bufferedIo(tmpdir());
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('a composition file that holds no YAML document fails closed (exit 3), never a pass', () => {
  it.each([
    ['an empty file', ''],
    ['a file of comments only', '# rows to come\n\n'],
  ])('guard on %s', async (_what, text) => {
    const file = scratch('agent.cordis.yml', text);
    const { code, out, err } = await run(['guard', file]);
    expect(code).toBe(EXIT.input);
    expect(out).not.toContain('PASSED');
    expect(err).toContain(`${file}:1: the file holds no composition (it is empty or only comments)`);
  });

  it('explain on an empty file, and an empty --host', async () => {
    const empty = scratch('agent.cordis.yml', '');
    expect((await run(['explain', empty])).code).toBe(EXIT.input);
    const preset = scratch('agent.cordis.yml', "- id: a\n  name: '@deepseek-ai/dsh-token-meter'\n");
    const host = await run(['guard', preset, '--host', empty]);
    expect(host.code).toBe(EXIT.input);
    expect(host.err).toContain(`${empty}:1: the file holds no composition`);
  });
});
