import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { analyzeCodexRollouts } from '../src/analysis/codex/analyze-codex-sessions.js';
import { policyByName } from '../src/analysis/shipped-policies/policy-registry.js';
import { describeWithCorpus } from './support/corpus.js';
import { CODEX_CORPUS, corpusRolloutText, withSessionId } from './support/codex-rollouts.js';

// The tool schemas Codex sends are not in the rollout: a session's first request is sized from the
// heads the other sessions' first calls showed (leave one session out), never from its own usage.
const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-codex-heads-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const FIRST_INPUT = 18_703;

function write(name: string, text: string): { file: string; label: string } {
  const file = path.join(folder, name);
  writeFileSync(file, text);
  return { file, label: name };
}

describeWithCorpus(CODEX_CORPUS, 'Codex heads learned leave-one-session-out', () => {
  it('two sessions on one head: each first request is sized from the other, and its size equals what it reported', async () => {
    const inputs = [write('rollout-a.jsonl', corpusRolloutText()), write('rollout-b.jsonl', withSessionId(corpusRolloutText(), '019e1625-0000-7000-8000-00000000000b'))];
    const trees = await analyzeCodexRollouts(inputs, { policy: 'auto', policyByName });
    for (const tree of trees) {
      expect(tree.sessions[0]!.requests[0]!.tokens).toBe(FIRST_INPUT);
      expect(tree.notes.some((note) => /the median of the first calls of 1 other session on the same head \(Codex 0\.125\.0 · gpt-5\.5\)/.test(note))).toBe(true);
    }
  });

  it('a session alone: its first request is sized from its logged text only, and the note says no other session showed the head', async () => {
    const [tree] = await analyzeCodexRollouts([write('rollout-alone.jsonl', corpusRolloutText())], { policy: 'auto', policyByName });
    const first = tree!.sessions[0]!.requests[0]!;
    expect(first.tokens).toBeLessThan(FIRST_INPUT - 8000);
    expect(tree!.notes.some((note) => /no other session of the input showed the unlogged head/.test(note))).toBe(true);
    // Its own first call's usage sizes the second: within a few tokens of what that call reported.
    expect(Math.abs(tree!.sessions[0]!.requests[1]!.tokens - 18_911)).toBeLessThan(64);
  });

  it('another Codex version is another head: learned from it only when no session sent the same one, and said so', async () => {
    const other = corpusRolloutText().replace('"cli_version":"0.125.0"', '"cli_version":"0.126.0"');
    const trees = await analyzeCodexRollouts([write('rollout-old.jsonl', corpusRolloutText()), write('rollout-new.jsonl', withSessionId(other, '019e1625-0000-7000-8000-00000000000c'))], { policy: 'auto', policyByName });
    expect(trees[1]!.notes.some((note) => /on other heads \(none sent Codex 0\.126\.0 · gpt-5\.5\)/.test(note))).toBe(true);
    expect(trees[1]!.sessions[0]!.requests[0]!.tokens).toBe(FIRST_INPUT);
  });
});
