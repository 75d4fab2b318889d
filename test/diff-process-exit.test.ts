import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repositoryRoot = path.resolve(import.meta.dirname, '..');

/** Runs the real CLI in its own process, the way a user's shell does. */
function kvprefix(...argv: string[]) {
  const result = spawnSync('npx', ['tsx', 'src/cli/bin.ts', ...argv], { cwd: repositoryRoot, encoding: 'utf8', env: { ...process.env, KVPREFIX_DEBUG: '' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the kvprefix process', () => {
  it('exits 3 on malformed input, with one line on stderr naming the file and no stack trace', () => {
    const { status, stdout, stderr } = kvprefix('diff', 'examples/fork-parent.request.json', 'examples/build-examples.ts');
    expect(status).toBe(3);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^kvprefix diff: examples\/build-examples\.ts:1: column 1: not valid JSON: expected a JSON value \(found "\/"\)\n$/);
    expect(stderr).not.toMatch(/\bat .*\.(?:ts|js):\d+/);
  });

  it('exits 0 and writes only the JSON document to stdout', () => {
    const { status, stdout, stderr } = kvprefix('diff', 'examples/fork-parent.request.json', 'examples/fork-child-one-shot.request.json', '--json');
    expect(status).toBe(0);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toMatchObject({ divergence: { cause: 'task' } });
  });
});
