import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analyzePaths, policyByName } from '../../src/analysis/index.js';
import type { RequestAnalysis } from '../../src/analysis/result/session-analysis.js';

/**
 * Test support (not a test file): `analyze` on request bodies alone, as a user runs it on files —
 * each body written to its own file of a new folder, replayed in the order given with the shipped
 * policies (auto: provider from the bodies). Answers each tree's policy and every request in order.
 */
export async function analyzeBodyFiles(bodies: readonly unknown[]): Promise<{ policies: string[]; requests: RequestAnalysis[] }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-bodies-'));
  const files = bodies.map((body, index) => {
    const file = path.join(folder, `request-${index}.json`);
    writeFileSync(file, JSON.stringify(body));
    return file;
  });
  const result = await analyzePaths(files, { policy: 'auto', policyByName, cwd: folder });
  return { policies: result.trees.map((tree) => tree.policy), requests: result.trees.flatMap((tree) => tree.sessions.flatMap((session) => session.requests)) };
}
