import Anthropic from '@anthropic-ai/sdk';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { WatchPrediction } from '../src/analysis/watch/index.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { startAnthropicRuleServer, type RuleServer } from './support/anthropic-rule-server.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';
import { recordingWatch } from './support/watch-record.js';

// `kvprefix analyze RECORD --ttl 1h` replays a watch record with every breakpoint written for an
// hour: the record carries each request's policy input (its breakpoints with TTL and block counts,
// and the cache matches the watch found), so the what-if is a replay, not the recorded numbers again.
const PROMPTS = 'claude-code-prompts-piebald/system-prompts';
const MODEL = 'claude-sonnet-4-5';
const START = Date.parse('2026-12-04T03:00:00Z');
// Sonnet 4.5 per million tokens: $3 input, so a 5-minute write is $3.75 and a 1-hour write $6.
// https://platform.claude.com/docs/en/about-claude/pricing
const INPUT = 3;

const servers: RuleServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** `kvprefix analyze RECORD --ttl 1h` with extra arguments: exit code, stdout, stderr. */
async function analyzeHour(record: string, ...extra: string[]) {
  const io = bufferedIo(path.dirname(record));
  const code = await runCli(['analyze', path.basename(record), '--ttl', '1h', ...extra], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

it('a record line whose policy input is malformed is an input error naming the file, the line and the field (exit 3, no stack trace)', async () => {
  const record = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-ttl-what-if-')), 'bad.jsonl');
  const line = {
    record: 'kvprefix-watch', version: 1, id: 0, time: '2026-12-04T03:00:00.000Z', route: { provider: 'anthropic', model: MODEL }, routeIndex: 0, policy: 'anthropic', tokenizer: 'o200k_base', tokens: 10,
    segments: [], predicted: { uncached: 10, cacheRead: 0, cacheWrite: 0, cacheReadRange: [0, 0] }, divergence: null, loss: null, observed: null, outcome: 'no-usage', endpoint: 'https://api.anthropic.com/v1/messages',
    cost: { predicted: 0, observed: null }, policyInput: { tokens: 10, matches: [{ sharedTokens: 'all' }] },
  };
  writeFileSync(record, `${JSON.stringify({ ...line, policyInput: { tokens: 10, matches: [] } })}\n${JSON.stringify({ ...line, id: 1 })}\n`);
  const result = await analyzeHour(record);
  expect(result.code).toBe(EXIT.input);
  expect(result.err).toContain('bad.jsonl:2: not a kvprefix watch record line: `policyInput.matches.0.sharedTokens`: Invalid input: expected number');
  expect(result.err).not.toMatch(/\n\s+at /);
});

describeWithCorpus(PROMPTS, 'kvprefix analyze RECORD --ttl 1h replays a watch record under the 1-hour TTL', () => {
  let system = '';
  beforeAll(() => {
    system = readCorpusText(PROMPTS, 'tool-description-workflow.md');
  });

  /** Two requests through the official SDK and a recording watch, sharing a 5-minute system breakpoint, the second 10 minutes after the first. */
  async function recordTenMinuteGap(): Promise<{ record: string; predictions: WatchPrediction[] }> {
    const usage = { input_tokens: 12, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: 3 };
    const server = await startAnthropicRuleServer(() => ({ usage }));
    servers.push(server);
    let now = START;
    const { watched, done } = recordingWatch(fetch, { clock: () => now });
    const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, fetch: watched, maxRetries: 0 });
    const ask = (question: string) => ({
      model: MODEL,
      max_tokens: 64,
      system: [{ type: 'text' as const, text: system, cache_control: { type: 'ephemeral' as const } }],
      messages: [{ role: 'user' as const, content: question }],
    });
    await client.messages.create(ask('What does the workflow tool do?'));
    now += 600_000;
    await client.messages.create(ask('And when should it not be used?'));
    return done();
  }

  it('a 10-minute gap is an expiry at 5m and a hit at 1h: reads 0 → the first write, the write priced at 2× input instead of two at 1.25×', async () => {
    const { record, predictions } = await recordTenMinuteGap();
    const [first, second] = predictions;
    const written = first!.predicted.cacheWrite;
    expect(written).toBeGreaterThan(1024);
    // As the watch predicted at run time (5-minute TTL): the second request writes the prefix again.
    expect(second!.predicted).toMatchObject({ cacheRead: 0, cacheWrite: written });

    const result = await analyzeHour(record, '--json');
    expect(result.err).toBe('');
    expect(result.code).toBe(EXIT.ok);
    const ttl = JSON.parse(result.out).whatIf.ttl;
    expect(ttl.kind).toBe('replayed');
    expect(ttl.notReplayed).toBeNull();
    expect(ttl.requests).toBe(2);
    expect(ttl.cacheRead).toEqual({ replayed: 0, alternative: written });
    expect(ttl.writeCost.replayed * 1e6).toBeCloseTo(2 * written * INPUT * 1.25, 6);
    expect(ttl.writeCost.alternative * 1e6).toBeCloseTo(written * INPUT * 2, 6);
    const uncached = first!.predicted.uncached + second!.predicted.uncached;
    expect(ttl.cost.replayed * 1e6).toBeCloseTo(uncached * INPUT + 2 * written * INPUT * 1.25, 6);
    expect(ttl.cost.alternative * 1e6).toBeCloseTo(uncached * INPUT + written * INPUT * 2 + written * INPUT * 0.1, 6);
  });

  it('the text report says what the 1-hour TTL saves on the record, with the reads it gains', async () => {
    const { record, predictions } = await recordTenMinuteGap();
    const written = predictions[0]!.predicted.cacheWrite.toLocaleString('en-US');
    const result = await analyzeHour(record);
    expect(result.code).toBe(EXIT.ok);
    expect(result.out).toMatch(new RegExp(`what if the TTL were 1 hour \\(same 2 requests replayed\\): saves \\$[0-9.]+ — reads 0 → ${written} tokens`));
  });

  it('a record written without replay inputs: every format says the what-if cannot replay it, and prints no what-if numbers', async () => {
    const { record } = await recordTenMinuteGap();
    // A record as watches wrote it before lines carried `policyInput`.
    const older = record.replace(/\.jsonl$/, '-older.jsonl');
    const lines = readFileSync(record, 'utf8').trim().split('\n').map((line) => {
      const { policyInput, ...rest } = JSON.parse(line) as Record<string, unknown>;
      expect(policyInput).toBeDefined();
      return JSON.stringify(rest);
    });
    writeFileSync(older, `${lines.join('\n')}\n`);
    const cannot = "what if the TTL were 1 hour: cannot replay 2 requests: its record lines were written before watch records kept each request's policy input (its breakpoints with their TTLs and block counts, and the cache matches the watch found); record the run again to replay it";

    const json = await analyzeHour(older, '--json');
    expect(json.code).toBe(EXIT.ok);
    expect(JSON.parse(json.out).whatIf.ttl).toEqual({ kind: 'not-replayed', ttl: '1h', notReplayed: { requests: 2, reason: expect.stringContaining('policy input') } });
    for (const extra of [[], ['--format', 'md']]) {
      const result = await analyzeHour(older, ...extra);
      expect(result.code).toBe(EXIT.ok);
      expect(result.out).toContain(cannot);
      expect(result.out).not.toContain('same 2 requests replayed');
    }
    const page = path.join(path.dirname(older), 'report.html');
    expect((await analyzeHour(older, '--format', 'html', '-o', 'report.html')).code).toBe(EXIT.ok);
    const html = readFileSync(page, 'utf8');
    expect(html).toContain(cannot.replace(/'/g, '&#39;'));
    expect(html).not.toContain('same 2 requests replayed');
  });
});
