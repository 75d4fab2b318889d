import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeJson, analyzePaths, policyByName, writeAnalyzeJson, type SegmentSpan } from '../src/analysis/index.js';

// `analyze --json` is written as a stream: the same document `analyzeJson` builds, requests without
// segment lists unless asked for, and then shared leading segments referred to, not repeated.
async function conversation() {
  const directory = mkdtempSync(path.join(tmpdir(), 'kvprefix-json-stream-'));
  const system = { role: 'system', content: 'You are a careful reviewer. '.repeat(40) };
  const first = [system, { role: 'user', content: 'Review src/index.ts.' }];
  const second = [...first, { role: 'assistant', content: 'It exports the engine.' }, { role: 'user', content: 'And src/cli?' }];
  const third = [system, { role: 'user', content: 'Something else entirely.' }];
  [first, second, third].forEach((messages, at) => writeFileSync(path.join(directory, `${at + 1}.json`), JSON.stringify({ model: 'deepseek-v4-flash', messages })));
  return analyzePaths(['1.json', '2.json', '3.json'], { policyByName, cwd: directory });
}

function streamed(result: Awaited<ReturnType<typeof conversation>>, segments: boolean): { text: string; chunks: number } {
  const chunks: string[] = [];
  writeAnalyzeJson(result, (chunk) => void chunks.push(chunk), { segments });
  return { text: chunks.join(''), chunks: chunks.length };
}

describe('analyze --json as a stream', () => {
  it('without --segments it is the whole document with every segment list left out', async () => {
    const result = await conversation();
    const whole = analyzeJson(result);
    const withoutSegments = { ...whole, sessions: whole.sessions.map((session) => ({ ...session, requests: session.requests.map(({ segments: _segments, ...request }) => request) })) };
    expect(JSON.parse(streamed(result, false).text)).toEqual(JSON.parse(JSON.stringify(withoutSegments)));
  });

  it('with --segments a request refers to the leading segments it shares with the request before, and they rebuild its list', async () => {
    const result = await conversation();
    const document = JSON.parse(streamed(result, true).text);
    const requests = document.sessions.flatMap((session: { requests: unknown[] }) => session.requests) as { segments: SegmentSpan[] | { sameAs: { session: string; index: number; first: number }; then: SegmentSpan[] } }[];
    const original = result.trees.flatMap((tree) => tree.sessions.flatMap((session) => session.requests));
    const rebuilt: SegmentSpan[][] = [];
    requests.forEach((request, at) => {
      const segments = request.segments;
      rebuilt.push(Array.isArray(segments) ? segments : [...rebuilt[at - 1]!.slice(0, segments.sameAs.first), ...segments.then]);
    });
    expect(rebuilt).toEqual(original.map((request) => JSON.parse(JSON.stringify([...request.segments!]))));
    // The second request extends the first: it refers to the head it shares (the first one's last
    // message was its task, a segment of another kind) and writes only what follows.
    expect(requests[1]!.segments).toMatchObject({ sameAs: { session: document.sessions[0].id, index: 0, first: original[0]!.segments!.length - 1 } });
    expect((requests[1]!.segments as { then: unknown[] }).then).toHaveLength(original[1]!.segments!.length - original[0]!.segments!.length + 1);
    expect(Array.isArray(requests[0]!.segments)).toBe(true);
  });
});
