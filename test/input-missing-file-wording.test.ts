import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

// Issue 7 §2: `seed nope.jsonl` printed `ENOENT: no such file or directory, open '/abs/path'` while
// `diff` printed `cannot read: no such file`. Every command now says it the same plain way.
const repositoryRoot = path.resolve(import.meta.dirname, '..');
const parent = 'examples/fork-parent.request.json';

async function stderrOf(...argv: string[]) {
  const io = bufferedIo(repositoryRoot);
  const code = await runCli(argv, io);
  return { code, err: io.err.join('') };
}

describe('a file that cannot be read, in every command', () => {
  it.each([
    ['seed', ['seed', 'nope.jsonl'], 'kvprefix seed: nope.jsonl: cannot read: no such file\n'],
    ['seed, compressed', ['seed', 'nope.jsonl.zstd'], 'kvprefix seed: nope.jsonl.zstd: cannot read: no such file\n'],
    ['diff, the parent', ['diff', 'nope.json', parent], 'kvprefix diff: nope.json: cannot read: no such file\n'],
    ['diff, a cassette pick', ['diff', parent, 'nope.yaml#2'], 'kvprefix diff: nope.yaml: cannot read: no such file\n'],
    ['seed, a directory', ['seed', 'examples'], 'kvprefix seed: examples: cannot read: is a directory, not a file\n'],
    ['diff, a directory', ['diff', 'examples', parent], 'kvprefix diff: examples: cannot read: is a directory, not a file\n'],
    ['guard, a composition', ['guard', 'nope.yml'], 'kvprefix guard: nope.yml: cannot read: no such file\n'],
  ])('%s', async (_what, argv, message) => {
    expect(await stderrOf(...argv)).toEqual({ code: EXIT.input, err: message });
  });
});
