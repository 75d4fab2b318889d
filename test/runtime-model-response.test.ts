import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleResponse, fromDshUsage, toDshUsage, totalInputTokens, type ModelChunk } from '../src/providers/model/index.js';
import { logicalEvents, parseSessionLog } from '../src/providers/session/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { DSH } from './support/runtime-corpus.js';

function sessionFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sessionFiles(full);
    return /^session(\.\d+)?\.jsonl$/.test(entry.name) ? [full] : [];
  });
}

describe('model: usage split the way prompt caches bill it', () => {
  it('reads DSH usage as uncached input, cache read, cache write and output tokens (the fork child sent 97 uncached + 2816 cached)', () => {
    const usage = fromDshUsage({ inputTokens: 97, outputTokens: 39, cacheReadTokens: 2816, reasoningTokens: 34 });
    expect(usage).toEqual({ uncached: 97, cacheRead: 2816, cacheWrite: 0, output: 39, reasoning: 34 });
    expect(totalInputTokens(usage)).toBe(2913);
  });

  it('writes usage back in DSH key order, omitting zero cache fields unless the route always reports cache reads', () => {
    expect(JSON.stringify(toDshUsage(fromDshUsage({ inputTokens: 2885, outputTokens: 25, cacheReadTokens: 0, reasoningTokens: 23 }), { reportsCacheRead: true }))).toBe(
      '{"inputTokens":2885,"outputTokens":25,"cacheReadTokens":0,"reasoningTokens":23}',
    );
    expect(toDshUsage(fromDshUsage({ inputTokens: 10, outputTokens: 5 }))).toEqual({ inputTokens: 10, outputTokens: 5 });
    expect(toDshUsage({ uncached: 1, cacheRead: 2, cacheWrite: 3, output: 4 })).toEqual({ inputTokens: 1, outputTokens: 4, cacheReadTokens: 2, cacheWriteTokens: 3 });
  });
});

describeWithCorpus('dsh', 'model: assembling a streamed response', () => {
  it('folds every recorded chunk stream of the corpus into exactly the assistant/message DSH anchored for it', () => {
    let checked = 0;
    for (const file of sessionFiles(path.join(DSH, 'examples'))) {
      const log = parseSessionLog(readFileSync(file, 'utf8'), file);
      const events = logicalEvents(log.events);
      const bySeq = new Map(events.map((entry) => [entry.seq, entry.event]));
      for (const entry of events) {
        const event = entry.event as { type: string; data: { message: { content: unknown[] }; usage?: unknown; interrupted?: true }; sourceEventSeqs?: number[] };
        if (event.type !== 'assistant/message' || event.data.interrupted || !event.sourceEventSeqs || event.sourceEventSeqs.length === 0) continue;
        const chunks = event.sourceEventSeqs.map((seq) => (bySeq.get(seq) as { data: { chunk: ModelChunk } }).data.chunk);
        const assembled = assembleResponse(chunks);
        expect(assembled.content, `${file} seq ${entry.seq}`).toEqual(event.data.message.content);
        if (event.data.usage) expect(toDshUsage(assembled.usage!, { reportsCacheRead: 'cacheReadTokens' in (event.data.usage as object) })).toEqual(event.data.usage);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('refuses a stream with no finish chunk or a delta before its block-start', () => {
    expect(() => assembleResponse([{ type: 'block-start', index: 0, blockType: 'text' }])).toThrow('without a finish chunk');
    expect(() => assembleResponse([{ type: 'text-delta', index: 3, text: 'x' }, { type: 'finish', reason: { kind: 'stop' } }])).toThrow("'text-delta' for block 3 before its 'block-start'");
  });
});
