import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

async function run(argv: string[], cwd: string) {
  const io = bufferedIo(cwd);
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('analyze takes the --max-input-mb its size-limit error tells the user to pass', () => {
  it('a body past --max-input-mb is refused with the flag; the flag raised, it is analysed', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-analyze-limit-'));
    writeFileSync(path.join(folder, 'body.json'), JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x '.repeat(10_000) }] }));
    const refused = await run(['analyze', 'body.json', '--max-input-mb', '0.01'], folder);
    expect(refused.code).toBe(EXIT.input);
    expect(refused.err).toMatch(/past the limit .*: raise it with --max-input-mb 1\n$/);
    const raised = await run(['analyze', 'body.json', '--max-input-mb', '1'], folder);
    expect(raised.code).toBe(EXIT.ok);
    expect(raised.out).toContain('openai/gpt-4o');
  });

  it('0 or a word is a usage error', async () => {
    expect((await run(['analyze', 'body.json', '--max-input-mb', '0'], tmpdir())).code).toBe(EXIT.usage);
  });
});
