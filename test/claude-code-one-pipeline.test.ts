import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// Issue 26 §1: however the same Claude Code files are named, `analyze` reads them through one
// pipeline, so the JSON is the same byte for byte: no path (CLAUDE_CONFIG_DIR), the projects folder,
// every project folder, every transcript (main, subagent and orphan files alike).
const SESSIONS = 'claude-code-sessions/test/test_data/real_projects';
const RECENT = 'claude-code-2026/projects';

/** Every `.jsonl` under a folder, at any depth, sorted. */
function transcripts(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) return transcripts(file);
      return name.endsWith('.jsonl') ? [file] : [];
    });
}

const laidOut: string[] = [];
afterAll(() => laidOut.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
afterEach(() => void vi.unstubAllEnvs());

/** A configuration folder whose `projects/` is a copy of a corpus projects folder. */
function configFolder(projects: string): string {
  const config = mkdtempSync(path.join(tmpdir(), 'kvprefix-one-pipeline-'));
  laidOut.push(config);
  cpSync(corpusPath(projects), path.join(config, 'projects'), { recursive: true });
  return config;
}

async function analyzeJson(argv: readonly string[]): Promise<string> {
  const io = bufferedIo(tmpdir());
  const code = await runCli(['analyze', '--json', ...argv], io);
  expect({ code, err: io.err.join('') }).toEqual({ code: EXIT.ok, err: '' });
  return io.out.join('');
}

/** The JSON of the four ways of naming the projects folder under `config`. */
async function fourWays(config: string, options: readonly string[]): Promise<{ noPath: string; folder: string; projects: string; files: string }> {
  const folder = path.join(config, 'projects');
  vi.stubEnv('CLAUDE_CONFIG_DIR', config);
  const noPath = await analyzeJson(options);
  vi.unstubAllEnvs();
  const projects = readdirSync(folder).sort().map((name) => path.join(folder, name));
  return {
    noPath,
    folder: await analyzeJson([folder, ...options]),
    projects: await analyzeJson([...projects, ...options]),
    files: await analyzeJson([...transcripts(folder), ...options]),
  };
}

describeWithCorpus([SESSIONS, RECENT], 'analyze of the same Claude Code files, however they are named', () => {
  it('no path, the projects folder, each project and each transcript give byte-identical --json on the claude-code-sessions projects', async () => {
    const { noPath, folder, projects, files } = await fourWays(configFolder(SESSIONS), []);
    expect(JSON.parse(noPath).totals.observed.requests).toBe(693);
    expect(folder).toBe(noPath);
    expect(projects).toBe(noPath);
    expect(files).toBe(noPath);
  }, 300_000);

  it('no path, the projects folder, each project and each transcript give byte-identical --json on the claude-code-2026 projects, with --ttl 1h and --fork', async () => {
    const { noPath, folder, projects, files } = await fourWays(configFolder(RECENT), ['--ttl', '1h', '--fork', '--segments']);
    const result = JSON.parse(noPath);
    expect(result.totals.observed.requests).toBe(414);
    expect(result.whatIf.ttl).not.toBeNull();
    expect(folder).toBe(noPath);
    expect(projects).toBe(noPath);
    expect(files).toBe(noPath);
  }, 300_000);
});
