import path from 'node:path';
import { expect, it } from 'vitest';
import { isEventType, logicalEvents, readSessionLog, type LoggedEvent } from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus, dshSessionLogs } from './support/corpus.js';

/*
 * Fixture logs strip `seq`, but events still cite each other by seq: an `assistant/message` lists the
 * `assistant/chunk` seqs it was built from (`sourceEventSeqs`), a `tool/result` cites its `tool/call`,
 * a `session/title` the `user/message` it was taken from. Those citations only resolve when the reader
 * assigns seqs as DSH did, packed rows counting one per member.
 */

function citationProblems(events: readonly LoggedEvent[]): { checked: number; problems: string[] } {
  const bySeq = new Map(logicalEvents(events).map((entry) => [entry.seq, entry]));
  const problems: string[] = [];
  let checked = 0;
  for (const entry of events) {
    if (isEventType(entry, 'assistant/message')) {
      const { turn, step } = entry.event.data;
      for (const seq of entry.event.sourceEventSeqs ?? []) {
        checked += 1;
        const cited = bySeq.get(seq);
        const data = cited?.event.data as { turn?: number; step?: number } | undefined;
        if (cited?.event.type !== 'assistant/chunk' || data?.turn !== turn || data.step !== step) {
          problems.push(`line ${entry.line}: assistant/message cites seq ${seq}, which is ${cited?.event.type ?? 'nothing'}`);
        }
      }
    }
    if (isEventType(entry, 'tool/result') && entry.event.sourceEventSeqs) {
      for (const seq of entry.event.sourceEventSeqs) {
        checked += 1;
        const cited = bySeq.get(seq);
        if (!cited || !isEventType(cited, 'tool/call') || cited.event.data.callId !== entry.event.data.message.source.callId) {
          problems.push(`line ${entry.line}: tool/result cites seq ${seq}, which is not its tool/call`);
        }
      }
    }
    if (!entry.known && entry.event.type === 'session/title') {
      for (const seq of (entry.event.data as { messageSeqs?: number[] }).messageSeqs ?? []) {
        checked += 1;
        if (bySeq.get(seq)?.event.type !== 'user/message') problems.push(`line ${entry.line}: session/title cites seq ${seq}, which is not a user/message`);
      }
    }
  }
  return { checked, problems };
}

const logs = dshSessionLogs();

describeWithCorpus('dsh', 'logical seqs assigned to fixture logs', () => {
  it.each(logs.map((file) => [path.relative(corpusPath('dsh'), file), file]))('%s: every seq citation resolves', async (_name, file) => {
    const log = await readSessionLog(file);
    expect(citationProblems(log.events).problems).toEqual([]);
  });

  it('are exercised: the corpus holds thousands of citations, many past packed rows', async () => {
    let checked = 0;
    let pastPackedRows = 0;
    for (const file of logs) {
      const log = await readSessionLog(file);
      checked += citationProblems(log.events).checked;
      const firstPacked = log.events.find((entry) => entry.span > 1 || entry.event.type.endsWith('-chunks'));
      if (firstPacked) pastPackedRows += log.events.filter((entry) => entry.seq > firstPacked.seq && isEventType(entry, 'assistant/message')).length;
    }
    expect(checked).toBeGreaterThan(1500);
    expect(pastPackedRows).toBeGreaterThan(50);
  });
});
