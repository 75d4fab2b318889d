import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { analyzePaths, policyByName, renderHtmlReport } from '../src/analysis/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

/*
 * A user points analyze at a Claude Code projects folder of a hundred sessions and opens the page.
 * The corpus main transcripts that hold API calls make a hundred sessions, taken in turn, each
 * under its own session file name, as a long-lived project folder holds them.
 */

const PROJECTS = 'claude-code-sessions/test/test_data/real_projects';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jsonl$/;

describeWithCorpus(PROJECTS, 'HTML prefix map of a 100-session Claude Code project', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'kvprefix-page-size-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('is under 1 MB', async () => {
    const transcripts = readdirSync(corpusPath(PROJECTS))
      .flatMap((project) => readdirSync(corpusPath(PROJECTS, project)).filter((name) => UUID.test(name)).map((name) => corpusPath(PROJECTS, project, name)))
      // A transcript of a few lines holds no API call: it would make no session.
      .filter((file) => statSync(file).size > 20_000)
      .sort();
    expect(transcripts.length).toBeGreaterThan(10);
    const project = path.join(directory, '-home-user-project');
    mkdirSync(project);
    // Some transcripts resume a session another file holds and add none of their own: 110 files make over 100 sessions.
    for (let index = 0; index < 110; index++) {
      copyFileSync(transcripts[index % transcripts.length]!, path.join(project, `00000000-0000-4000-8000-${String(index).padStart(12, '0')}.jsonl`));
    }
    const { trees } = await analyzePaths([project], { policyByName });
    expect(trees.flatMap((tree) => tree.sessions).length).toBeGreaterThanOrEqual(100);
    const bytes = Buffer.byteLength(renderHtmlReport(trees));
    expect(bytes).toBeLessThan(1_000_000);
  }, 600_000);
});
