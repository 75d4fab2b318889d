import { expect, it } from 'vitest';
import { analyzePaths } from '../src/analysis/analyze/analyze-paths.js';
import { policyByName } from '../src/analysis/shipped-policies/policy-registry.js';
import type { SessionTreeAnalysis } from '../src/analysis/result/session-analysis.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// Issue 20: `analyze <folder>` must not hold every tree whole before reporting. Each tree is handed
// to `settle` as soon as it is replayed, and the result keeps only what settle returned.
const PROJECTS = 'claude-code-sessions/test/test_data/real_projects';

describeWithCorpus(PROJECTS, 'analyzePaths settles tree by tree', () => {
  it('hands each tree to settle once, while the folder is still being read, and keeps only what settle returned, in input order', async () => {
    const events: string[] = [];
    const returned = new Set<SessionTreeAnalysis>();
    let dropped = 0;
    const settle = async (tree: SessionTreeAnalysis): Promise<SessionTreeAnalysis | null> => {
      events.push('settle');
      // Leave one tree out, and strip the segments of the rest, as the report does.
      if (dropped === 0) {
        dropped++;
        return null;
      }
      const kept = { ...tree, sessions: tree.sessions.map((session) => ({ ...session, requests: session.requests.map(({ segments: _segments, ...request }) => request) })) };
      returned.add(kept);
      return kept;
    };
    const whole = await analyzePaths([corpusPath(PROJECTS)], { policyByName });
    const result = await analyzePaths([corpusPath(PROJECTS)], { policyByName, settle, onProgress: () => void events.push('file') });
    expect(events.filter((event) => event === 'settle')).toHaveLength(whole.trees.length);
    // Settled before the last file was read: trees are not gathered first.
    expect(events.indexOf('settle')).toBeLessThan(events.lastIndexOf('file'));
    expect(result.trees).toHaveLength(whole.trees.length - 1);
    expect(result.trees.every((tree) => returned.has(tree))).toBe(true);
    expect(result.trees.flatMap((tree) => tree.sessions.flatMap((session) => session.requests)).some((request) => request.segments !== undefined)).toBe(false);
    // Input order, as without settle (one tree left out).
    const order = (trees: readonly SessionTreeAnalysis[]) => trees.map((tree) => tree.sessions[0]!.file);
    expect(order(whole.trees).filter((file) => order(result.trees).includes(file))).toEqual(order(result.trees));
    expect(result.duplications.every((duplication) => duplication === null)).toBe(true);
  });
});
