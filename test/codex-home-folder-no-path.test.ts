import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { analyzeJson, CODEX_CORPUS, corpusRolloutPath, ROLLOUT_WITHOUT_CALLS } from './support/codex-rollouts.js';

// `kvprefix analyze` with no path reads $CODEX_HOME/sessions (else ~/.codex/sessions) beside Claude
// Code's projects folder, names each folder it read, and gives the same totals as the folder named.
const CLAUDE_PROJECT = 'claude-code-sessions/test/test_data/real_projects/-src-deep-manifest';
const made: string[] = [];
const folder = (prefix: string) => {
  const made_ = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(made_);
  return made_;
};
afterEach(() => void vi.unstubAllEnvs());
afterAll(() => made.forEach((entry) => rmSync(entry, { recursive: true, force: true })));

describeWithCorpus(CODEX_CORPUS, 'kvprefix analyze with no path reads the Codex sessions folder', () => {
  it('CODEX_HOME alone: its sessions folder is named as read, and the totals equal those of the folder given as a path', async () => {
    vi.stubEnv('HOME', folder('kvprefix-empty-home-'));
    vi.stubEnv('CLAUDE_CONFIG_DIR', '');
    vi.stubEnv('CODEX_HOME', corpusPath(CODEX_CORPUS));
    const home = await analyzeJson([]);
    expect({ code: home.code, err: home.err }).toEqual({ code: 0, err: '' });
    expect(home.result.source.folders).toEqual([corpusPath(CODEX_CORPUS, 'sessions')]);
    const given = await analyzeJson([corpusPath(CODEX_CORPUS, 'sessions')]);
    expect(home.result.totals.observed).toEqual(given.result.totals.observed);
    expect(home.result.totals.observed).toMatchObject({ requests: 66, uncached: 6_055_836 - 4_929_536, cacheRead: 4_929_536, cacheWrite: 0 });
    // Named by its working directory and the first message the user typed; the rollout without calls is listed.
    expect(home.result.trees.map((tree: { project: string; title: string }) => [tree.project, tree.title])).toEqual([['/Users/Sample_User/repos/codemie-ai/codemie-code', 'show tools']]);
    expect(home.result.skipped.map((entry: { file: string }) => path.basename(entry.file))).toEqual([ROLLOUT_WITHOUT_CALLS]);
  }, 120_000);

  it('~/.codex/sessions when CODEX_HOME is not set', async () => {
    const fakeHome = folder('kvprefix-home-');
    cpSync(corpusRolloutPath(), path.join(fakeHome, '.codex', 'sessions', '2026', '05', '11', path.basename(corpusRolloutPath())));
    vi.stubEnv('HOME', fakeHome);
    vi.stubEnv('CLAUDE_CONFIG_DIR', '');
    vi.stubEnv('CODEX_HOME', '');
    const { code, result } = await analyzeJson(['--by', 'project']);
    expect(code).toBe(0);
    expect(result.source.folders).toEqual([path.join(fakeHome, '.codex', 'sessions')]);
    expect(result.rollUp.rows.map((row: { key: string }) => row.key)).toEqual(['/Users/Sample_User/repos/codemie-ai/codemie-code']);
  }, 120_000);

  it('Claude Code and Codex together: both folders are named as read and both kinds of session are reported', async () => {
    const config = folder('kvprefix-claude-config-');
    cpSync(corpusPath(CLAUDE_PROJECT), path.join(config, 'projects', path.basename(CLAUDE_PROJECT)), { recursive: true });
    vi.stubEnv('CLAUDE_CONFIG_DIR', config);
    vi.stubEnv('CODEX_HOME', corpusPath(CODEX_CORPUS));
    const { code, result } = await analyzeJson(['--by', 'model']);
    expect(code).toBe(0);
    expect(result.source.folders).toEqual([path.join(config, 'projects'), corpusPath(CODEX_CORPUS, 'sessions')]);
    const projects = new Set(result.trees.map((tree: { project: string }) => tree.project));
    expect(projects).toEqual(new Set(['/src/deep-manifest', '/Users/Sample_User/repos/codemie-ai/codemie-code']));
    expect(result.rollUp.rows.map((row: { key: string }) => row.key)).toContain('gpt-5.5');
  }, 120_000);

  it('a CODEX_HOME without a sessions folder is an input error naming it', async () => {
    const empty = folder('kvprefix-codex-empty-');
    vi.stubEnv('CLAUDE_CONFIG_DIR', '');
    vi.stubEnv('CODEX_HOME', empty);
    const { code, err } = await analyzeJson([]);
    expect(code).toBe(3);
    expect(err).toContain(path.join(empty, 'sessions'));
  });
});
