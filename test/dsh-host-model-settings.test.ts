import { beforeAll, expect, it } from 'vitest';
import { analyzeDshSessionTree, DeepSeekV4Tokenizer, type SessionTreeAnalysis } from '../src/analysis/index.js';
import { readHostModelSettings } from '../src/analysis/compositions/llm-settings.js';
import { PrefixTokenCounter } from '../src/prefix/index.js';
import { corpusPath, describeWithCorpus, readCorpusText } from './support/corpus.js';

/*
 * `code-mode-turn` of `dsh-as-recorded` was recorded on deepseek-v4-pro by a DSH whose acp-agent
 * composition sent `reasoningEffort: max` without logging it; DSH's acp-agent composition (corpus
 * `dsh`, examples/acp-agent/cordis.yml) sets the same for its DeepSeek adapter. Without the
 * composition, every total misses by the instruction that effort writes, and the tree says so;
 * with it, no request needs calibration.
 */

const totals = (tree: SessionTreeAnalysis) => tree.sessions[0]!.requests.map((request) => [request.tokens, request.observed!.uncached + request.observed!.cacheRead]);

describeWithCorpus(['dsh-as-recorded', 'dsh'], 'the host composition\'s DeepSeek settings on a DSH log that does not record them', () => {
  const log = corpusPath('dsh-as-recorded', 'code-mode-turn', 'current-shape');
  const composition = corpusPath('dsh', 'examples', 'acp-agent', 'cordis.yml');
  let bare: SessionTreeAnalysis;
  let hosted: SessionTreeAnalysis;

  beforeAll(async () => {
    const counter = new PrefixTokenCounter(new DeepSeekV4Tokenizer());
    bare = await analyzeDshSessionTree(log, { deepseekCounter: counter, calibrate: 'never' });
    const host = await readHostModelSettings([{ path: composition, label: 'cordis.yml' }]);
    hosted = await analyzeDshSessionTree(log, { deepseekCounter: counter, calibrate: 'never', host });
  }, 120_000);

  it('without it: every total 79 tokens short, and a note names the setting that would explain it', () => {
    expect(totals(bare).map(([predicted, logged]) => logged! - predicted!)).toEqual([79, 79]);
    const note = bare.notes.find((text) => text.includes('reasoning_effort "max" instruction'));
    expect(note).toContain('session.jsonl request 0 +79');
    expect(note).toContain('reasoningEffort: max');
    expect(note).toContain('--host');
  });

  it('without it, the note appears on exactly the recordings whose first total the instruction explains within 3 tokens: code-mode-turn (+79) and web-fetch (+78)', async () => {
    const counter = new PrefixTokenCounter(new DeepSeekV4Tokenizer());
    const noted: string[] = [];
    const scenarios = (JSON.parse(readCorpusText('dsh-as-recorded', 'manifest.json')) as { scenarios: { scenario: string }[] }).scenarios.map((entry) => entry.scenario);
    expect(scenarios).toHaveLength(34);
    for (const scenario of scenarios.sort()) {
      const tree = await analyzeDshSessionTree(corpusPath('dsh-as-recorded', scenario, 'current-shape'), { deepseekCounter: counter, calibrate: 'never' });
      const note = tree.notes.find((text) => text.includes('reasoning_effort "max" instruction'));
      if (note) noted.push(`${scenario}: ${/\(session\.jsonl request 0 ([^)]*)\)/.exec(note)?.[1]}`);
    }
    expect(noted).toEqual(['code-mode-turn: +79', 'web-fetch: +78 where the instruction is 79']);
  }, 300_000);

  it('with it: every total exact with calibration off, every read in its range, and the settings applied named', () => {
    for (const [predicted, logged] of totals(hosted)) expect(predicted).toBe(logged);
    for (const request of hosted.sessions[0]!.requests) {
      const [low, high] = request.predicted.cacheReadRange;
      expect(request.observed!.cacheRead).toBeGreaterThanOrEqual(low);
      expect(request.observed!.cacheRead).toBeLessThanOrEqual(high);
    }
    expect(hosted.notes.some((text) => text.includes('reasoning_effort "max" instruction'))).toBe(false);
    expect(hosted.notes).toContain('DeepSeek settings of the host composition (cordis.yml:9): reasoningEffort max, thinking enabled; applied to 2 requests whose header does not record its own');
  });
});
