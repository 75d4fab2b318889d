import fc from 'fast-check';
import { expect, it } from 'vitest';
import { completedTurnPrefix, readSessionLog, type LoggedEvent, type SessionLog } from '../src/providers/index.js';
import { isEventType, logicalEvents } from '../src/providers/session/index.js';
import { describeWithCorpus, dshSessionLogs } from './support/corpus.js';

// Issue 7 §5, property: wherever a parent's log is cut (a fork can happen at any event), its fork
// seed is a contiguous prefix of the log, ends at a turn/end (or is empty when no turn ended before
// the cut), holds every turn it opens closed and every tool call answered, and is the longest such
// prefix: no turn/end lies between the seed and the cut.
const logs = dshSessionLogs();

/** Call ids answered by a tool/result row (its source and its tool-result blocks). */
function answers(entry: LoggedEvent): string[] {
  if (!isEventType(entry, 'tool/result')) return [];
  const message = entry.event.data.message;
  return [message.source.callId, ...message.content.flatMap((block) => (block.type === 'tool-result' ? [(block as { toolCallId: string }).toolCallId] : []))];
}

describeWithCorpus('dsh', 'the fork seed of a log cut at any event', () => {
  it('is the longest contiguous balanced prefix ending at turn/end, for every corpus log', async () => {
    const parsed: SessionLog[] = [];
    for (const file of logs) parsed.push(await readSessionLog(file));
    const cuttable = parsed.filter((log) => log.length > 0);
    expect(cuttable.length).toBeGreaterThan(100);
    let nonEmpty = 0;
    fc.assert(
      fc.property(fc.nat({ max: cuttable.length - 1 }), fc.double({ min: 0, max: 1, noNaN: true }), (which, at) => {
        const log = cuttable[which]!;
        const through = Math.min(log.length - 1, Math.floor(at * log.length));
        const seed = completedTurnPrefix(log.events, { through, source: log.source });
        // Contiguous: the seed's rows are the log's first rows, the very same objects.
        expect(seed.events).toEqual(log.events.slice(0, seed.events.length));
        seed.events.forEach((entry, index) => expect(entry).toBe(log.events[index]));
        const logical = logicalEvents(seed.events);
        expect(logical).toHaveLength(seed.seedLength);
        expect(seed.seedLength + seed.excluded).toBe(through + 1);
        if (seed.seedLength === 0) {
          expect(seed.lastTurnEnd).toBeNull();
          // Empty only when no turn ended up to the cut.
          expect(logicalEvents(log.events).slice(0, through + 1).some((entry) => entry.event.type === 'turn/end')).toBe(false);
          return;
        }
        nonEmpty++;
        const last = logical.at(-1)!;
        expect(last.event.type).toBe('turn/end');
        expect(last.seq).toBe(seed.lastTurnEnd);
        expect(seed.lastTurnEnd).toBeLessThanOrEqual(through);
        // Balanced: every tool call answered, every turn started is ended.
        const answered = new Set(seed.events.flatMap(answers));
        for (const entry of seed.events) if (isEventType(entry, 'tool/call')) expect(answered.has(entry.event.data.callId)).toBe(true);
        const starts = logical.filter((entry) => entry.event.type === 'turn/start').length;
        const ends = logical.filter((entry) => entry.event.type === 'turn/end').length;
        expect(ends).toBeGreaterThanOrEqual(starts);
        // Longest: nothing between the seed and the cut is a turn/end.
        expect(logicalEvents(log.events).slice(seed.seedLength, through + 1).some((entry) => entry.event.type === 'turn/end')).toBe(false);
      }),
      { numRuns: 3000 },
    );
    // Most corpus logs hold one turn, so most cuts fall before its end (207 of 3,000 cuts were non-empty here).
    expect(nonEmpty).toBeGreaterThan(100);
  });
});
