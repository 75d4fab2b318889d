import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { analyzeCodexRollouts } from '../src/analysis/codex/analyze-codex-sessions.js';
import { policyByName } from '../src/analysis/shipped-policies/policy-registry.js';
import { predictionAccuracy } from '../src/analysis/self-check/prediction-accuracy.js';
import { describeWithCorpus } from './support/corpus.js';
import { CODEX_CORPUS, corpusRolloutText, redactRollout } from './support/codex-rollouts.js';

// Some tools share rollouts with every text replaced by `[REDACTED_TEXT len=N sha=H]`. Such a rollout
// is still read: its observed totals are its own, the report says the sizes are estimated from the
// markers' lengths, and the estimates stay close to what the calls reported.
const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-codex-redacted-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function replay(name: string, text: string) {
  const file = path.join(folder, name);
  writeFileSync(file, text);
  const [tree] = await analyzeCodexRollouts([{ file, label: name }], { policy: 'auto', policyByName });
  return tree!;
}

describeWithCorpus(CODEX_CORPUS, 'a redacted Codex rollout', () => {
  it('keeps the observed usage of every call, says its sizes are estimated from the markers, and sizes its calls with a median error under 64 tokens (10 when not redacted)', async () => {
    const plain = await replay('rollout-plain.jsonl', corpusRolloutText());
    const redacted = await replay('rollout-redacted.jsonl', redactRollout(corpusRolloutText()));
    const observed = (tree: typeof plain) => tree.sessions[0]!.requests.map((request) => request.observed);
    expect(observed(redacted)).toEqual(observed(plain));
    expect(redacted.notes.some((note) => /the base instructions and \d+ items carry redaction markers .*sizes are estimated from the markers' lengths/.test(note))).toBe(true);
    expect(plain.notes.some((note) => /redaction/.test(note))).toBe(false);
    expect(predictionAccuracy([redacted]).medianInputError).toBeLessThan(64);
    expect(predictionAccuracy([plain]).medianInputError).toBeLessThan(10);
  });
});
