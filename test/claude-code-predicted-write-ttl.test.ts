import { describe, expect, it } from 'vitest';
import type { AnalyzeReport } from '../src/analysis/analyze/analyze-report.js';
import { createAnthropicPolicy } from '../src/analysis/anthropic/anthropic-policy.js';
import { whatIfLines } from '../src/analysis/report/cause-summary.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

interface Usage {
  uncached: number;
  cacheRead: number;
  cacheWrite: number;
  cacheWrite1h?: number;
}

// A predicted write is priced at the TTL its breakpoint asks for: 1-hour entries at 2× input.
describe('the Anthropic policy splits a predicted write by its breakpoints\' TTLs', () => {
  const policy = createAnthropicPolicy();
  const input = { tokens: 10_000, matches: [], model: 'claude-sonnet-4-5', breakpoints: [4_000, 10_000] };

  it('a 1-hour head breakpoint and a 5-minute last one: the write up to the head is the 1-hour part', () => {
    expect(policy.predict({ ...input, breakpointTtls: [3600, 300] })).toMatchObject({ cacheWrite: 10_000, cacheWrite1h: 4_000 });
  });

  it('both 1-hour: the whole write; both 5-minute or none given: no 1-hour part', () => {
    expect(policy.predict({ ...input, breakpointTtls: [3600, 3600] })).toMatchObject({ cacheWrite: 10_000, cacheWrite1h: 10_000 });
    expect(policy.predict({ ...input, breakpointTtls: [300, 300] }).cacheWrite1h).toBeUndefined();
    expect(policy.predict(input).cacheWrite1h).toBeUndefined();
  });

  it('the 1-hour part is priced at the 1-hour rate', () => {
    const prices = policy.pricesFor('claude-sonnet-4-5', new Date('2026-01-10T00:00:00Z'));
    expect([prices.cacheWrite, prices.cacheWrite1h]).toEqual([3.75, 6]);
  });
});

async function analyze(argv: string[]): Promise<string> {
  const io = bufferedIo();
  expect(await runCli(['analyze', corpusPath('claude-code-2026', 'projects', '-home-marco-projects-spotter'), ...argv], io)).toBe(EXIT.ok);
  return io.out.join('');
}

// spotter's Claude Code 2.1.38 sessions write only 1-hour entries.
describeWithCorpus('claude-code-2026', 'Claude Code sessions writing 1-hour entries are predicted and priced as such', () => {
  it('every logged write is 1-hour, and so is every predicted write', async () => {
    const document = JSON.parse(await analyze(['--json'])) as { sessions: { requests: { observed: Usage | null; predicted: Usage }[] }[] };
    const requests = document.sessions.flatMap((session) => session.requests);
    expect(requests.length).toBeGreaterThan(10);
    for (const request of requests) if (request.observed !== null && request.observed.cacheWrite > 0) expect(request.observed.cacheWrite1h).toBe(request.observed.cacheWrite);
    const writing = requests.filter((request) => request.predicted.cacheWrite > 0);
    expect(writing.length).toBeGreaterThan(0);
    for (const request of writing) expect(request.predicted.cacheWrite1h).toBe(request.predicted.cacheWrite);
  });

  it('--ttl 1h says it changes nothing, never that the 1-hour TTL costs more', async () => {
    const text = await analyze(['--ttl', '1h']);
    expect(text).toMatch(/what if the TTL were 1 hour \(same \d+ requests replayed\): changes nothing — /);
    expect(text).not.toContain('more —');
  });

});

describe('the 1-hour what-if is offered only where some logged write was not a 1-hour write', () => {
  const idle = { cause: 'idle-gap', title: 'idle gap past the TTL', requests: 1, tokens: 5000, uncached: 0, written: 5000, cost: 0.02, worst: null, advice: '' } as const;
  const report = (loggedWrites: { total: number; oneHour: number }): AnalyzeReport => ({
    folders: null,
    window: { since: null, until: null, timeZone: null },
    trees: [],
    byCause: [idle],
    whatIf: { ttl: null, fork: null },
    rollUp: null,
    forkableSubagents: 0,
    loggedWrites,
    prices: { missing: [] },
  });

  it('an idle gap in sessions writing 5-minute entries (or logging none) is offered --ttl 1h', () => {
    expect(whatIfLines(report({ total: 9000, oneHour: 4000 }), 'USD')).toEqual(['what if the TTL were 1 hour: run again with --ttl 1h to replay the same requests under it']);
    expect(whatIfLines(report({ total: 0, oneHour: 0 }), 'USD')).toHaveLength(1);
  });

  it('an idle gap in sessions writing only 1-hour entries is not', () => {
    expect(whatIfLines(report({ total: 9000, oneHour: 9000 }), 'USD')).toEqual([]);
  });
});
