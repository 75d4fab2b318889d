import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

// A claude-trace log of a Claude Code 2.1 session in the exact shape claude-trace's interceptor writes
// (made by test/fixtures/claude-trace/make-claude-code-2-1-log.mjs, which says how): count_tokens, a
// Haiku quota check, 8 turns of claude-opus-4-6 with a Read → Edit → Bash loop, a Haiku topic check, a
// 529 and its retry, a telemetry call, a turn answered as JSON (gzip on the wire), a cut last line.
// Its usage follows Anthropic's caching rule with token counts that are not o200k's.
const LOG = path.resolve(import.meta.dirname, 'fixtures/claude-trace/claude-code-2.1-session.jsonl');

interface Usage {
  uncached: number;
  cacheRead: number;
  cacheWrite: number;
}
interface Request {
  route: { model: string };
  observed: Usage;
  predicted: Usage;
}
interface Document {
  sessions: { requests: Request[] }[];
  trees: { notes: string[]; tokenizer: string }[];
  accuracy: { requests: number; coldWarmAgree: number; exactReads: number; readInRange: number; medianReadError: number };
}

async function analyze(file: string): Promise<Document> {
  const io = bufferedIo();
  const code = await runCli(['analyze', file, '--json'], io);
  expect(io.err.join('')).toBe('');
  expect(code).toBe(EXIT.ok);
  return JSON.parse(io.out.join('')) as Document;
}

const lines = () => readFileSync(LOG, 'utf8').split('\n');

/** The log with its lines changed, in a file of its own. */
function variant(name: string, change: (lines: string[]) => string[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-trace-2-1-')), name);
  writeFileSync(file, change(lines()).join('\n'));
  return file;
}

const requests = (document: Document) => document.sessions.flatMap((session) => session.requests);

describe('a claude-trace log of Claude Code 2.1 as claude-trace writes it', () => {
  it('reads the 9 answered messages calls with their logged usage, the Haiku side calls on their own model', async () => {
    const read = requests(await analyze(LOG));
    expect(read.map((request) => request.route.model)).toEqual(['claude-haiku-4-5-20251001', 'claude-opus-4-6', 'claude-haiku-4-5-20251001', ...Array(6).fill('claude-opus-4-6')]);
    expect(read.map(({ observed }) => [observed.uncached, observed.cacheRead, observed.cacheWrite])).toEqual([
      [27, 0, 0],
      [3, 0, 5154],
      [172, 0, 0],
      [3, 5154, 1159],
      [3, 6313, 312],
      [3, 6625, 138],
      [3, 6763, 96],
      [3, 6859, 223],
      [3, 7082, 132],
    ]);
  });

  it('names every other line with its reason: count_tokens, the 529, telemetry and the last line cut short', async () => {
    const { trees } = await analyze(LOG);
    expect(trees[0]!.notes).toContain(
      `${LOG}: 4 lines not read as calls with usage (line 1: POST /v1/messages/count_tokens: counts tokens, writes no cache entry; line 5: POST /v1/messages: failed with status 529 (overloaded_error: Overloaded): no cache entry written; line 7: POST /api/event_logging/batch: not a messages call; line 13: is cut short (the last line has no line break: the process ended while claude-trace was writing it))`,
    );
  });

  it('predicts cold/warm right on all 9 calls and every warm read equal to the logged read (self-check 9/9 exact)', async () => {
    const document = await analyze(LOG);
    for (const { predicted, observed } of requests(document)) {
      expect(predicted.cacheRead > 0).toBe(observed.cacheRead > 0);
      expect(predicted.cacheRead).toBe(observed.cacheRead);
    }
    expect(document.accuracy).toMatchObject({ requests: 9, coldWarmAgree: 9, exactReads: 9, readInRange: 9, medianReadError: 0 });
    expect(document.trees[0]!.tokenizer).toBe('o200k_base (calibrated to logged usage)');
  });

  it("predicts each call from earlier calls' usage only: changing a call's own logged read leaves its prediction as it was", async () => {
    const changed = variant('log-own-usage.jsonl', (all) => {
      // Line 12, the last answered turn, logs another read and write (same total).
      const record = JSON.parse(all[11]!) as { response: { body_raw: string } };
      record.response.body_raw = record.response.body_raw.replaceAll('"cache_read_input_tokens":7082', '"cache_read_input_tokens":6000').replaceAll('"cache_creation_input_tokens":132,', '"cache_creation_input_tokens":1214,');
      all[11] = JSON.stringify(record);
      return all;
    });
    const before = requests(await analyze(LOG));
    const after = requests(await analyze(changed));
    expect(after.at(-1)!.observed.cacheRead).toBe(6000);
    expect(after.map((request) => request.predicted)).toEqual(before.map((request) => request.predicted));
  });

  it('keeps the Haiku side calls off the Opus cache: without them every Opus prediction is the same', async () => {
    const withoutHaiku = variant('log-no-haiku.jsonl', (all) => all.filter((line) => !line.includes('"model":"claude-haiku-4-5-20251001"')));
    const opus = (document: Document) => requests(document).filter((request) => request.route.model === 'claude-opus-4-6').map((request) => request.predicted);
    const alone = await analyze(withoutHaiku);
    expect(requests(alone)).toHaveLength(7);
    expect(opus(alone)).toEqual(opus(await analyze(LOG)));
  });

  it('claims a log whose first line runs past the 64 KiB a detector reads (a long head), and reads it', async () => {
    const long = variant('log-long-first-line.jsonl', (all) => {
      const first = JSON.parse(all[0]!) as { request: { body: { tools: { description: string }[] } } };
      first.request.body.tools[0]!.description += ' Long.'.repeat(12_000);
      return [JSON.stringify(first), ...all.slice(1)];
    });
    expect(readFileSync(long, 'utf8').split('\n')[0]!.length).toBeGreaterThan(1 << 16);
    expect(requests(await analyze(long))).toHaveLength(9);
  });

  it('lists a request claude-trace logged as orphaned at exit (response null) as unanswered, naming its note', async () => {
    const orphaned = variant('log-orphaned.jsonl', (all) => {
      const request = (JSON.parse(all[11]!) as { request: unknown }).request;
      return [...all.slice(0, 12), JSON.stringify({ request, response: null, note: 'ORPHANED_REQUEST - No matching response received', logged_at: '2026-05-05T10:03:00.000Z' })];
    });
    const note = (await analyze(orphaned)).trees[0]!.notes.find((entry) => entry.includes('not read as calls'))!;
    expect(note).toContain('line 13: POST /v1/messages: no response logged (ORPHANED_REQUEST - No matching response received): the process ended before it was answered');
  });

  it('lists a response logged still gzip-encoded (the Node http path) as one whose usage cannot be read', async () => {
    const garbled = variant('log-gzip.jsonl', (all) => {
      const record = JSON.parse(all[11]!) as { response: { headers: Record<string, string>; body_raw: string } };
      record.response.headers['content-encoding'] = 'gzip';
      record.response.body_raw = '\u001f\ufffd\b\u0000\u0000\u0000\u0000\u0000\u0000\u0003\ufffdV*\ufffd';
      return [...all.slice(0, 11), JSON.stringify(record)];
    });
    const document = await analyze(garbled);
    expect(requests(document)).toHaveLength(8);
    expect(document.trees[0]!.notes.find((entry) => entry.includes('not read as calls'))).toContain('line 12: POST /v1/messages: the response body was logged still gzip-encoded: its usage cannot be read');
  });
});
