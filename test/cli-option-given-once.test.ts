import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

async function run(argv: string[]) {
  const io = bufferedIo(tmpdir());
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('an option that takes one value, given twice, is a usage error, never a silent pick of the last', () => {
  it.each([
    ['guard --session', ['guard', 'x.cordis.yml', '--session', 'a.jsonl', '--session', 'b.jsonl'], '--session'],
    ['guard --format', ['guard', 'x.cordis.yml', '--format', 'md', '--format', 'text'], '--format'],
    ['explain --platform', ['explain', 'x.cordis.yml', '--platform', 'linux', '--platform', 'darwin'], '--platform'],
    ['diff --layout', ['diff', 'a.json', 'b.json', '--layout', 'chat', '--layout', 'anthropic'], '--layout'],
  ])('%s', async (_what, argv, option) => {
    const { code, out, err } = await run(argv);
    expect(code).toBe(EXIT.usage);
    expect(out).toBe('');
    expect(err).toContain(`${option} is given 2 times`);
  });

  it('a repeated flag (--json) and a repeatable option (guard --host) stay accepted', async () => {
    const { err } = await run(['guard', 'missing.cordis.yml', '--json', '--json', '--host', 'a.yml', '--host', 'b.yml']);
    expect(err).not.toContain('given 2 times');
  });
});
