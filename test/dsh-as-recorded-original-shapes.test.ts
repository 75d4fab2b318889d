import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { analyzeDshSessionTree, DeepSeekV4Tokenizer, type SessionTreeAnalysis } from '../src/analysis/index.js';
import { PrefixTokenCounter } from '../src/prefix/index.js';
import { corpusPath, describeWithCorpus, readCorpusText } from './support/corpus.js';

/*
 * Every scenario of `dsh-as-recorded` whose log carries its request header in full, read as DSH
 * wrote it in July and August 2026 (`original/`, byte for byte: `assistant/message {content,
 * provenance?, usage}`, `tool/result {callId, content, isError}`, `context/message`,
 * `steering/message`, provider id `deepseek`, `turn/start.trigger`) and as converted to today's
 * shapes (`current-shape/`). Read in either shape, each request is the same request.
 */

interface ManifestEntry {
  readonly scenario: string;
  readonly headers: string;
}

interface Row {
  readonly file: string;
  readonly index: number;
  readonly tokens: number;
  readonly cacheReadRange: readonly [number, number];
  readonly observed: readonly [number, number] | null;
}

const fullHeads = () => (JSON.parse(readCorpusText('dsh-as-recorded', 'manifest.json')) as { scenarios: ManifestEntry[] }).scenarios.filter((entry) => entry.headers.startsWith('full')).map((entry) => entry.scenario);

const rowsOf = (tree: SessionTreeAnalysis): Row[] =>
  tree.sessions.flatMap((session) =>
    session.requests.map((request) => ({
      file: path.basename(session.file),
      index: request.index,
      tokens: request.tokens,
      cacheReadRange: request.predicted.cacheReadRange,
      observed: request.observed ? ([request.observed.uncached, request.observed.cacheRead] as const) : null,
    })),
  );

describeWithCorpus('dsh-as-recorded', 'DSH logs as recorded in the July 2026 shapes', () => {
  const original = new Map<string, Row[]>();
  const converted = new Map<string, Row[]>();

  beforeAll(async () => {
    const counter = new PrefixTokenCounter(new DeepSeekV4Tokenizer());
    for (const scenario of fullHeads()) {
      original.set(scenario, rowsOf(await analyzeDshSessionTree(corpusPath('dsh-as-recorded', scenario, 'original'), { deepseekCounter: counter, calibrate: 'never' })));
      converted.set(scenario, rowsOf(await analyzeDshSessionTree(corpusPath('dsh-as-recorded', scenario, 'current-shape'), { deepseekCounter: counter, calibrate: 'never' })));
    }
  }, 300_000);

  it('read every full-header original/ folder: 19 scenarios, 42 requests with usage', () => {
    expect(original.size).toBe(19);
    expect([...original.values()].flat().filter((row) => row.observed !== null)).toHaveLength(42);
  });

  it('give each request the tokens, read range and logged usage of its current-shape twin', () => {
    for (const [scenario, rows] of original) expect(rows, scenario).toEqual(converted.get(scenario));
  });

  it('are predicted within 3 tokens of every logged total with calibration off', () => {
    const misses = [...original].flatMap(([scenario, rows]) => rows.filter((row) => row.observed && Math.abs(row.observed[0] + row.observed[1] - row.tokens) > 3).map((row) => `${scenario} ${row.file} ${row.index}`));
    expect(misses).toEqual([]);
  });
});
