import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readSessionLog } from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus, dshSessionLogs } from './support/corpus.js';

const logs = dshSessionLogs();

describeWithCorpus('dsh', 'reading every DSH session log in the corpus', () => {
  it('finds the recorded logs (parents, children, expected and replay logs)', () => {
    // 126 at deepseek-harness b150a551b8: a drop means the finder broke, not that the corpus shrank.
    expect(logs.length).toBe(126);
  });

  it.each(logs.map((file) => [path.relative(corpusPath('dsh'), file), file]))('%s', async (_name, file) => {
    const log = await readSessionLog(file);
    const lines = readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '');
    expect(log.header.type).toBe('session');
    // One row per stored line after the header: nothing dropped, unknown event types included.
    expect(log.events).toHaveLength(lines.length - 1);
    expect(log.events.map((entry) => entry.event.type)).toEqual(lines.slice(1).map((line) => (JSON.parse(line) as { type: string }).type));
    // Logical seqs are contiguous: each row starts where the previous one's span ended.
    let next = 0;
    for (const entry of log.events) {
      expect(entry.seq).toBe(next);
      next += entry.span;
    }
    expect(log.length).toBe(next);
  });
});
