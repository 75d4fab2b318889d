import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { analyzeDshSessionTree, DeepSeekV4Tokenizer, type RequestAnalysis, type SessionTreeAnalysis } from '../src/analysis/index.js';
import { predictionAccuracy } from '../src/analysis/replay/index.js';
import { PrefixTokenCounter } from '../src/prefix/index.js';
import { modelRequestPoints, readSessionLog } from '../src/providers/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

/*
 * The DSH scenarios whose usage comes from the real DeepSeek API (corpus README, "DSH fixture
 * conventions"), children included. A request counts when its logged usage carries
 * `cacheReadTokens`, which DeepSeek always reports and the authored usages (`inputTokens: 10`) lack.
 */
const RECORDED = /^(bash-tool-turn|cancel-tool-calls|code-mode-turn|escalation-approved|escalation-rejected|fs-.+|hook-cc-.+|hook-codex-.+|multi-turn|persistent-pwsh-tool-turn|pwsh-tool-turn|reject-extra-dirs|subagent-fork-in-process|subagent-max-tokens-partial|subagent-parallel|subagent-spawn-in-process|text-turn|todo-write|tool-call-turn|web-fetch|workspace-edit)$/;
const UNIT = 128;

interface Scored {
  readonly scenario: string;
  readonly file: string;
  readonly request: RequestAnalysis;
}

describeWithCorpus('dsh', 'DSH sessions recorded against the real API, replayed through the DeepSeek policy', () => {
  const scored: Scored[] = [];

  beforeAll(async () => {
    const snapshots = corpusPath('dsh/examples/acp-agent/tests/snapshots');
    const counter = new PrefixTokenCounter(new DeepSeekV4Tokenizer());
    for (const scenario of readdirSync(snapshots).filter((name) => RECORDED.test(name)).sort()) {
      const tree: SessionTreeAnalysis = await analyzeDshSessionTree(path.join(snapshots, scenario), { deepseekCounter: counter });
      for (const session of tree.sessions) {
        const log = await readSessionLog(session.file);
        const real = modelRequestPoints(log).filter((point) => !point.seeded).map((point) => point.usage?.cacheReadTokens !== undefined);
        session.requests.forEach((request, index) => {
          if (request.observed && real[index]) scored.push({ scenario, file: path.basename(session.file), request });
        });
      }
    }
  }, 120_000);

  it('scores every recorded request, children included', () => {
    expect(scored.length).toBeGreaterThanOrEqual(80);
    expect(scored.some((entry) => entry.file !== 'session.jsonl')).toBe(true);
  });

  // The same accuracy measure every replay reports, over the recorded requests only.
  const accuracy = () => predictionAccuracy([{ policy: 'deepseek', tokenizer: 'deepseek-v4', notes: [], sessions: [{ file: 'recorded', id: 'recorded', format: 'dsh', parentSession: null, seedLength: null, requests: scored.map((entry) => entry.request) }] }], [UNIT]);

  it('observed cacheRead lies inside the predicted range on at least 95% of requests', () => {
    const result = accuracy();
    expect(result.requests).toBe(scored.length);
    expect(result.readInRange / result.requests).toBeGreaterThanOrEqual(0.95);
  });

  it('the point prediction is within one 128-token unit on at least 90% and exact on at least 80%', () => {
    const result = accuracy();
    expect(result.readsWithin[UNIT]! / result.requests).toBeGreaterThanOrEqual(0.9);
    expect(result.exactReads / result.requests).toBeGreaterThanOrEqual(0.8);
  });

  it('predicts no read for the first request of a root session and never more than the request holds', () => {
    for (const { file, request } of scored) {
      if (file === 'session.jsonl' && request.index === 0) expect(request.predicted.cacheReadRange).toEqual([0, 0]);
      expect(request.predicted.cacheReadRange[1]).toBeLessThan(request.tokens);
      expect(request.predicted.cacheRead % UNIT).toBe(0);
    }
  });
});
