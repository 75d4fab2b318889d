import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { closestName } from '../src/cli/closest-name.js';
import { colourFor, environmentColour } from '../src/cli/colour.js';
import { COMMANDS } from '../src/cli/commands/index.js';
import { corpusPath, itWithCorpus } from './support/corpus.js';

const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };

async function run(...argv: string[]) {
  const io = bufferedIo(root);
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('kvprefix command-line conventions', () => {
  it('--version prints the package version', async () => {
    expect(await run('--version')).toEqual({ code: EXIT.ok, out: `kvprefix ${manifest.version}\n`, err: '' });
  });

  it.each(COMMANDS.map((command) => [command.name, command.usage] as const))('kvprefix help %s and %s --help print that command\'s help', async (name, usage) => {
    expect(await run('help', name)).toEqual({ code: EXIT.ok, out: `${usage}\n`, err: '' });
    expect(await run(name, '--help')).toEqual({ code: EXIT.ok, out: `${usage}\n`, err: '' });
  });

  it('an unknown option is named with the closest known one, exit 2', async () => {
    const { code, err } = await run('analyze', 'x.json', '--formt', 'md');
    expect(code).toBe(EXIT.usage);
    expect(err).toMatch(/^kvprefix analyze: unknown option '--formt'; did you mean '--format'\?\n/);
    expect((await run('guard', 'x.yml', '--sesion', 'a.jsonl')).err).toContain("unknown option '--sesion'; did you mean '--session'?");
    expect(closestName('--frob', ['--json', '--from', '--frobnicate'])).toBe('--from');
  });

  it.each([
    ['simulate', 'trace.jsonl', '--capacity', '-5', "--capacity must be a positive integer, got '-5'"],
    ['simulate', 'trace.jsonl', '--ttl', '-0.5', "--ttl must be a positive number, got '-0.5'"],
    ['analyze', 'x.json', '--max-input-mb', '-1', "--max-input-mb takes a positive number of MiB, got '-1'"],
    ['simulate', 'trace.jsonl', '--capacity', "--capacity needs a value"],
  ])('a numeric option names the bad value: %s … %s %s', async (...argv) => {
    const message = argv.pop()!;
    const { code, err } = await run(...argv);
    expect(code).toBe(EXIT.usage);
    expect(err).toContain(message);
  });

  it('--json and --format must agree in every command that takes both', async () => {
    for (const name of ['guard', 'analyze', 'diff', 'seed', 'simulate', 'demo', 'explain']) {
      const { code, err } = await run(name, 'x', '--json', '--format', 'md');
      expect([name, code]).toEqual([name, EXIT.usage]);
      expect(err).toMatch(/--json and --format md disagree|unknown format 'md'/);
    }
  });

  it('--color always|never overrides the terminal; auto follows FORCE_COLOR over NO_COLOR over the terminal', async () => {
    expect([colourFor('always', false), colourFor('never', true), colourFor('auto', true), colourFor('auto', false)]).toEqual([true, false, true, false]);
    expect(environmentColour({}, true)).toBe(true);
    expect(environmentColour({}, false)).toBe(false);
    expect(environmentColour({ NO_COLOR: '1' }, true)).toBe(false);
    expect(environmentColour({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(environmentColour({ FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(true);
    expect(environmentColour({ FORCE_COLOR: '0' }, true)).toBe(false);
    const bad = await run('analyze', 'x.json', '--color', 'sometimes');
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.err).toContain("--color takes auto, always, never, got 'sometimes'");
  });

  itWithCorpus('dsh', 'diff given a session log says to use analyze or seed, exit 3', async () => {
    const log = corpusPath('dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process/session.jsonl');
    const { code, out, err } = await run('diff', log, 'examples/fork-parent.request.json');
    expect(code).toBe(EXIT.input);
    expect(out).toBe('');
    expect(err).toContain(`a DSH session log, not a request body: replay its requests with 'kvprefix analyze ${log}', or print its fork seed with 'kvprefix seed ${log}'`);
  });

  it('output piped into a reader that closed ends quietly with exit 0 (EPIPE), through a real pipe', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', 'analyze', 'examples/fork-parent.request.json', 'examples/fork-child-one-shot.request.json', '--format', 'md'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, KVPREFIX_DEBUG: '' },
    });
    // The reader goes away before the first byte arrives, as `| head -0` does.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(status).toBe(0);
  }, 60_000);
});
