import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { writeTranscript } from './support/claude-code-transcript.js';

async function run(argv: string[], cwd = process.cwd()) {
  const io = bufferedIo(cwd);
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

/** A Claude Code configuration folder with one project, `-Users-Dain-Work`, holding one two-call session. */
function configFolder(): string {
  const config = mkdtempSync(path.join(tmpdir(), 'kvprefix-empty-result-'));
  const project = path.join(config, 'projects', '-Users-Dain-Work');
  mkdirSync(project, { recursive: true });
  const transcript = writeTranscript([
    { at: '2026-03-01T10:00:00.000Z', userText: 'first question', usage: { input: 3, read: 0, write: 5000 } },
    { at: '2026-03-01T10:01:00.000Z', userText: 'second question', usage: { input: 3, read: 5000, write: 200 } },
  ]);
  copyFileSync(transcript, path.join(project, 'a1b2c3d4-0000-4000-8000-000000000001.jsonl'));
  return config;
}

// An empty report with exit 0 would pass a CI check on a wrong folder or a mistyped filter.
describe('analyze that reports nothing exits 3 and names the filter or folder that left nothing', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('--project matching no project: exit 3 naming the value and the projects there are', async () => {
    vi.stubEnv('CLAUDE_CONFIG_DIR', configFolder());
    const { code, out, err } = await run(['analyze', '--project', 'nomatch']);
    expect(code).toBe(EXIT.input);
    expect(out).toBe('');
    expect(err).toContain("nothing to analyze: --project 'nomatch' matches none of its 1 project (/Users/Dain/Work)");
  });

  it('an empty projects folder: exit 3 saying it holds no project', async () => {
    const config = mkdtempSync(path.join(tmpdir(), 'kvprefix-empty-result-'));
    mkdirSync(path.join(config, 'projects'));
    vi.stubEnv('CLAUDE_CONFIG_DIR', config);
    for (const format of [[], ['--json']]) {
      const { code, out, err } = await run(['analyze', ...format]);
      expect(code).toBe(EXIT.input);
      expect(out).toBe('');
      expect(err).toContain(`${path.join(config, 'projects')}: nothing to analyze: no project in this Claude Code projects folder`);
    }
  });

  it('a window holding no request: exit 3 naming the window', async () => {
    vi.stubEnv('CLAUDE_CONFIG_DIR', configFolder());
    const { code, err } = await run(['analyze', '--since', '2026-04-01', '--timezone', 'UTC']);
    expect(code).toBe(EXIT.input);
    expect(err).toContain("nothing to analyze: no request matches --since '2026-04-01'");
  });

  it('--project matching no tree of the named paths: exit 3 naming it', async () => {
    const config = configFolder();
    const { code, err } = await run(['analyze', path.join(config, 'projects'), '--project', 'elsewhere']);
    expect(code).toBe(EXIT.input);
    expect(err).toContain("nothing to analyze: no request matches --project 'elsewhere'");
  });

  it('--project is matched in any case, in the projects folder and on named paths', async () => {
    const config = configFolder();
    vi.stubEnv('CLAUDE_CONFIG_DIR', config);
    for (const argv of [['analyze', '--project', 'dain/work'], ['analyze', path.join(config, 'projects'), '--project', 'DAIN']]) {
      const { code, out } = await run([...argv, '--json']);
      expect(code).toBe(EXIT.ok);
      expect(JSON.parse(out).trees).toHaveLength(1);
    }
  });
});
