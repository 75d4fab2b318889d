import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logicalEvents, parseSessionLog } from '../src/providers/session/index.js';
import { type RecordedEvent } from '../src/providers/runtime/index.js';
import { MIN_PACKED_RUN, toFixtureRows } from '../src/testing/index.js';
import { DSH } from './support/runtime-corpus.js';
import { itWithCorpus } from './support/corpus.js';

function sessionFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sessionFiles(full);
    return /^session(\.\d+)?\.jsonl$/.test(entry.name) ? [full] : [];
  });
}

const withoutTimes = (value: unknown): unknown => JSON.parse(JSON.stringify(value), (key, field) => (key === 'dt' ? undefined : field));

describe('runtime: the fixture form of a log', () => {
  it(`packs runs of ${MIN_PACKED_RUN} or more deltas of one block, keeps shorter runs as chunk rows, and records the n−1 time gaps`, () => {
    const delta = (seq: number, time: number, text: string, index = 0, type = 'text-delta'): RecordedEvent => ({ type: 'assistant/chunk', seq, time, data: { turn: 1, step: 1, chunk: { type, index, text } } });
    const rows = toFixtureRows([
      delta(0, 100, 'a'),
      delta(1, 103, 'b'),
      delta(2, 110, 'c'),
      delta(3, 111, 'x', 1),
      delta(4, 112, 'y', 1),
      { type: 'step/end', seq: 5, time: 113, data: { turn: 1, step: 1 } },
    ]);
    expect(rows).toEqual([
      { type: 'text-chunks', data: { turn: 1, step: 1, index: 0, dt: [3, 7], texts: ['a', 'b', 'c'] } },
      { type: 'assistant/chunk', data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 1, text: 'x' } } },
      { type: 'assistant/chunk', data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 1, text: 'y' } } },
      { type: 'step/end', data: { turn: 1, step: 1 } },
    ]);
  });

  itWithCorpus('dsh', 're-packs every session log of the DSH corpus into exactly its committed rows (dt aside)', () => {
    const files = sessionFiles(path.join(DSH, 'examples'));
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const log = parseSessionLog(text, file);
      const events: RecordedEvent[] = logicalEvents(log.events).map((entry) => ({ ...(entry.event as RecordedEvent), seq: entry.seq, time: entry.seq }));
      const committed = text.split('\n').filter((line) => line.trim() !== '').slice(1).map((line) => JSON.parse(line));
      const repacked = toFixtureRows(events);
      expect(withoutTimes(repacked), file).toEqual(withoutTimes(committed));
    }
  });
});
