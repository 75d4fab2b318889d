import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { analyzeDshSessionTree, DeepSeekV4Tokenizer, predictionAccuracy, type CalibrationMode, type RequestAnalysis, type SessionTreeAnalysis } from '../src/analysis/index.js';
import { PrefixTokenCounter } from '../src/prefix/index.js';
import { corpusPath, describeWithCorpus, readCorpusText } from './support/corpus.js';

/*
 * Every DSH scenario recorded against the real DeepSeek API, as it was when its usage was recorded
 * (corpus `dsh-as-recorded/`: all of them, none chosen; `current-shape/` is what today's reader
 * reads). The manifest says for each whether the log held the request head in full or as
 * `{{system}}`/`{{tools}}` placeholders that the corpus filled from the pins of the time: a full head
 * is replayed with the default `auto` calibration (it is not calibrated), a pinned one as `auto`
 * would treat the placeholders it was recorded with (calibrated on its first observed request).
 * Nothing is learned from these logs, so there is nothing to hold out.
 */

interface ManifestEntry {
  readonly scenario: string;
  readonly headers: string;
  readonly usage: Readonly<Record<string, readonly (readonly [number, number])[]>>;
}

interface Scored {
  readonly scenario: string;
  readonly fullHead: boolean;
  readonly file: string;
  readonly request: RequestAnalysis;
}

const UNIT = 128;
const manifest = () => (JSON.parse(readCorpusText('dsh-as-recorded', 'manifest.json')) as { scenarios: ManifestEntry[] }).scenarios;
const observedTotal = (request: RequestAnalysis) => request.observed!.uncached + request.observed!.cacheRead + request.observed!.cacheWrite;
const asTree = (requests: readonly RequestAnalysis[]): SessionTreeAnalysis => ({ policy: 'deepseek', tokenizer: 'deepseek-v4', notes: [], sessions: [{ file: 'recorded', id: 'recorded', format: 'dsh', parentSession: null, seedLength: null, requests }] });

describeWithCorpus('dsh-as-recorded', 'DSH sessions as recorded against the real API, replayed through the DeepSeek policy', () => {
  const scored = new Map<CalibrationMode, Scored[]>();
  const trees: SessionTreeAnalysis[] = [];

  beforeAll(async () => {
    const counter = new PrefixTokenCounter(new DeepSeekV4Tokenizer());
    for (const mode of ['auto', 'never'] as const) {
      const rows: Scored[] = [];
      for (const entry of manifest()) {
        const fullHead = entry.headers.startsWith('full');
        const calibrate: CalibrationMode = mode === 'never' ? 'never' : fullHead ? 'auto' : 'first-request';
        const tree = await analyzeDshSessionTree(corpusPath('dsh-as-recorded', entry.scenario, 'current-shape'), { deepseekCounter: counter, calibrate });
        if (mode === 'auto') trees.push(tree);
        for (const session of tree.sessions) for (const request of session.requests) if (request.observed) rows.push({ scenario: entry.scenario, fullHead, file: path.basename(session.file), request });
      }
      scored.set(mode, rows);
    }
  }, 300_000);

  it('scores every request the manifest lists usage for, in every scenario', () => {
    const listed = manifest().reduce((sum, entry) => sum + Object.values(entry.usage).reduce((count, requests) => count + requests.length, 0), 0);
    expect(manifest()).toHaveLength(34);
    expect(scored.get('auto')).toHaveLength(listed);
    expect(predictionAccuracy(trees).excludedRequests).toBe(0);
  });

  it('predicts every total within 1%', () => {
    const missed = scored.get('auto')!.filter(({ request }) => Math.abs(request.tokens - observedTotal(request)) > 0.01 * observedTotal(request));
    expect(missed.map(({ scenario, file, request }) => `${scenario} ${file} ${request.index}`)).toEqual([]);
  });

  it('puts the observed read inside its range and within one 128-token unit on at least 95% of requests', () => {
    const rows = scored.get('auto')!;
    const good = rows.filter(({ request }) => {
      const [low, high] = request.predicted.cacheReadRange;
      const read = request.observed!.cacheRead;
      return read >= low && read <= high && Math.abs(request.predicted.cacheRead - read) <= UNIT;
    });
    expect(good.length / rows.length).toBeGreaterThanOrEqual(0.95);
    const accuracy = predictionAccuracy([asTree(rows.map((row) => row.request))]);
    expect(accuracy.unit).toBe(UNIT);
    expect(accuracy.readInRange).toBe(rows.length);
    expect(accuracy.coldWarmAgree).toBe(rows.length);
  });

  // The requests after a hook's context message miss by the tokens of the envelope the recording's
  // DSH put around it and today's event shape no longer carries (hook-context-envelope.test.ts).
  it('with calibration off, totals on full heads are within 3 tokens on at least 90%, exact on every request without a hook context message', () => {
    const rows = scored.get('never')!.filter((row) => row.fullHead);
    const within = rows.filter(({ request }) => Math.abs(request.tokens - observedTotal(request)) <= 3);
    expect(within.length / rows.length).toBeGreaterThanOrEqual(0.9);
    for (const { scenario, file, request } of rows) {
      if (/-(promptsubmit|posttool)-context$/.test(scenario)) continue;
      expect(request.tokens, `${scenario} ${file} request ${request.index}`).toBe(observedTotal(request));
    }
  });

  it('predicts no read for the first request of a root session and never more than the request holds', () => {
    for (const { file, request } of scored.get('auto')!) {
      if (file === 'session.jsonl' && request.index === 0) expect(request.predicted.cacheReadRange).toEqual([0, 0]);
      expect(request.predicted.cacheReadRange[1]).toBeLessThan(request.tokens);
      expect(request.predicted.cacheRead % UNIT).toBe(0);
    }
  });

  it('reports each head and whether it was calibrated: full heads never, pinned heads on their first observed request', () => {
    manifest().forEach((entry, index) => {
      const heads = trees[index]!.heads!;
      expect(heads.length).toBeGreaterThan(0);
      const first = heads[0]!;
      if (entry.headers.startsWith('full')) expect(first.calibration).toEqual({ applied: false, offsetTokens: 0, on: null });
      else expect(first.calibration).toMatchObject({ applied: true, on: 'session.jsonl request 0' });
    });
  });
});
