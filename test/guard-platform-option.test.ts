import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

async function run(argv: string[]) {
  const io = bufferedIo(tmpdir());
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('--platform of guard and explain takes one of the platforms compositions switch on', () => {
  it.each([['guard'], ['explain']])('%s --platform windows is a usage error naming the platforms, not a linux-like pass', async (command) => {
    const { code, out, err } = await run([command, 'x.cordis.yml', '--platform', 'windows']);
    expect(code).toBe(EXIT.usage);
    expect(out).toBe('');
    expect(err).toContain("--platform must be linux, darwin or win32, got 'windows'");
  });

  it('a known platform goes on to read the composition', async () => {
    const { code, err } = await run(['guard', 'missing.cordis.yml', '--platform', 'win32']);
    expect(code).toBe(EXIT.input);
    expect(err).toContain('missing.cordis.yml');
  });
});
