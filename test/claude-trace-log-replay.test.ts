import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

// A claude-trace log (https://github.com/badlogic/lemmy/tree/main/apps/claude-trace, its interceptor: one
// {request: {timestamp, method, url, headers, body}, response: {timestamp, status_code, headers,
// body | body_raw}, logged_at} per line), written by hand in that shape: a count_tokens call, a
// streamed first turn, an overloaded (529) call, its retry answered as JSON, a streamed next turn,
// and a streamed turn whose system prompt's date changed.
const LOG = path.resolve(import.meta.dirname, 'fixtures/claude-trace/log-2026-03-01-10-00-00.jsonl');

interface Usage {
  uncached: number;
  cacheRead: number;
  cacheWrite: number;
  cacheWrite1h?: number;
  output?: number;
}

interface Request {
  tokens: number;
  observed: Usage | null;
  predicted: Usage;
  divergence: { cause: string; detail: string; inferred: boolean } | null;
}

async function analyze(argv: string[]) {
  const io = bufferedIo();
  const code = await runCli(['analyze', ...argv], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

async function document() {
  const { code, out } = await analyze([LOG, '--json']);
  expect(code).toBe(EXIT.ok);
  return JSON.parse(out) as { sessions: { requests: Request[] }[]; trees: { notes: string[] }[] };
}

describe('analyze reads a claude-trace log and replays its exact request bodies', () => {
  it('every messages call is read with the usage its response logged, streamed (final output from message_delta) or JSON', async () => {
    const requests = (await document()).sessions.flatMap((session) => session.requests);
    expect(requests.map((request) => request.observed)).toEqual([
      { uncached: 3, cacheRead: 0, cacheWrite: 3848, cacheWrite1h: 3848, output: 96 },
      { uncached: 3, cacheRead: 3848, cacheWrite: 136, cacheWrite1h: 136, output: 58 },
      { uncached: 3, cacheRead: 3984, cacheWrite: 407, cacheWrite1h: 407, output: 212 },
      { uncached: 3, cacheRead: 0, cacheWrite: 4391, cacheWrite1h: 4391, output: 40 },
    ]);
  });

  it('count_tokens and the failed call are listed by line, not replayed as cache writes', async () => {
    const { trees, sessions } = await document();
    expect(sessions[0]!.requests).toHaveLength(4);
    expect(trees[0]!.notes).toContain(`${LOG}: 2 lines not read as calls with usage (line 1: POST /v1/messages/count_tokens: counts tokens, writes no cache entry; line 3: POST /v1/messages: failed with status 529 (overloaded_error: Overloaded): no cache entry written)`);
  });

  it('cold/warm is right on every call and the read is within 1% on the warm ones', async () => {
    const requests = (await document()).sessions[0]!.requests;
    for (const request of requests) {
      expect(request.predicted.cacheRead > 0).toBe(request.observed!.cacheRead > 0);
      if (request.observed!.cacheRead > 0) expect(Math.abs(request.predicted.cacheRead - request.observed!.cacheRead) / request.observed!.cacheRead).toBeLessThan(0.01);
    }
  });

  it('causes come from the bytes: the turns extend the request before, and the changed date names the system block and the character where it differs', async () => {
    const requests = (await document()).sessions[0]!.requests;
    expect(requests.map((request) => request.divergence?.cause ?? null)).toEqual([null, 'extension', 'extension', 'system']);
    const changed = requests[3]!.divergence!;
    expect(changed.inferred).toBe(true);
    const offset = Number(/differs from character ([\d,]+)/.exec(changed.detail)![1]!.replace(/,/g, ''));
    // The character is the date's day inside system[1]'s text of the request before.
    const body = JSON.parse(readFileSync(LOG, 'utf8').split('\n')[4]!).request.body as { system: { text: string }[] };
    expect(changed.detail).toContain("'system[1]'");
    expect(body.system[1]!.text.slice(offset - 1, offset + 1)).toBe('01');
  });

  it('a line that is not JSON is listed with its file, line and why, and every line after it is still read', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-claude-trace-'));
    const broken = path.join(folder, 'log-2026-03-01-10-00-00.jsonl');
    const lines = readFileSync(LOG, 'utf8').split('\n');
    writeFileSync(broken, [lines[0], lines[1], '{"request": {"url": "https://api.anthropic.com/v1/mess', ...lines.slice(2)].join('\n'));
    const { code, out } = await analyze([broken, '--json']);
    expect(code).toBe(EXIT.ok);
    const parsed = JSON.parse(out) as { sessions: { requests: Request[] }[]; trees: { notes: string[] }[] };
    expect(parsed.sessions[0]!.requests).toHaveLength(4);
    const note = parsed.trees[0]!.notes.find((entry) => entry.startsWith(`${broken}: 3 lines not read`))!;
    expect(note).toMatch(/line 3: is not JSON \(.+\)/);
  });
});
