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
/*
 * The scenarios the rendering rules were found or first checked on: the line break inside a tool
 * schema string (the first three, then `hook-cc-pretool-deny` and `subagent-fork-in-process` at once)
 * and DeepSeek's thinking-mode rule for reasoning after a stretch with tool calls (the two post-tool
 * hook recordings). The held-out scores leave them out; `max` reasoning effort was found on
 * `code-mode-turn`, whose head is pinned and so not among the full heads scored with calibration off.
 */
const LINE_BREAK_RULE_FOUND_ON = ['text-turn', 'fs-escalation-approved', 'escalation-approved', 'hook-cc-pretool-deny', 'subagent-fork-in-process'];
const REASONING_RULE_FOUND_ON = ['hook-cc-posttool-context', 'hook-codex-posttool-context'];
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

  it('predicts every total within 1%: 79 of 79, and 68 of 68 on the scenarios no rendering rule was found on', () => {
    const rows = scored.get('auto')!;
    const missed = rows.filter(({ request }) => Math.abs(request.tokens - observedTotal(request)) > 0.01 * observedTotal(request));
    expect(missed.map(({ scenario, file, request }) => `${scenario} ${file} ${request.index}`)).toEqual([]);
    expect(rows).toHaveLength(79);
    expect(rows.filter(({ scenario }) => !LINE_BREAK_RULE_FOUND_ON.includes(scenario))).toHaveLength(68);
  });

  it('puts the observed read inside its range and within one 128-token unit on 77 of 79 requests (97.5%), 67 of 68 held out; the misses are the escalation pair', () => {
    const rows = scored.get('auto')!;
    const good = (row: Scored) => {
      const [low, high] = row.request.predicted.cacheReadRange;
      const read = row.request.observed!.cacheRead;
      return read >= low && read <= high && Math.abs(row.request.predicted.cacheRead - read) <= UNIT;
    };
    expect(rows.filter((row) => !good(row)).map(({ scenario, request }) => `${scenario} ${request.index}`)).toEqual(['escalation-approved 1', 'escalation-rejected 1']);
    expect(rows.filter(good).length / rows.length).toBeGreaterThanOrEqual(0.95);
    expect(rows.filter((row) => !LINE_BREAK_RULE_FOUND_ON.includes(row.scenario) && good(row))).toHaveLength(67);
    const accuracy = predictionAccuracy([asTree(rows.map((row) => row.request))]);
    expect(accuracy.unit).toBe(UNIT);
    expect(accuracy.readInRange).toBe(rows.length);
    expect(accuracy.coldWarmAgree).toBe(rows.length);
  });

  // The hook scenarios' logs carry the envelope the recording's DSH sent a hook's context message in
  // (hook-context-envelope.test.ts): every full-head total is within 3 tokens with no calibration.
  it('with calibration off, totals on full heads: 42 of 42 within 3 tokens, 35 of 35 held out, 31 of 31 leaving out the reasoning rule\'s scenarios too; the two inexact ones are one token short after a post-tool hook', () => {
    const rows = scored.get('never')!.filter((row) => row.fullHead);
    const within = (subset: readonly Scored[]) => subset.filter(({ request }) => Math.abs(request.tokens - observedTotal(request)) <= 3).length;
    const heldOut = rows.filter(({ scenario }) => !LINE_BREAK_RULE_FOUND_ON.includes(scenario));
    const stricter = heldOut.filter(({ scenario }) => !REASONING_RULE_FOUND_ON.includes(scenario));
    expect([within(rows), rows.length]).toEqual([42, 42]);
    expect([within(heldOut), heldOut.length]).toEqual([35, 35]);
    expect([within(stricter), stricter.length]).toEqual([31, 31]);
    const misses = rows.filter(({ request }) => request.tokens !== observedTotal(request));
    expect(misses.map(({ scenario, request }) => `${scenario} ${request.index} ${observedTotal(request) - request.tokens}`)).toEqual(['hook-cc-posttool-context 1 1', 'hook-codex-posttool-context 1 1']);
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
