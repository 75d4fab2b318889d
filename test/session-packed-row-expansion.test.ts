import { expect, it } from 'vitest';
import { isPackedRow, logicalEvents, readSessionLog } from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus, readCorpusText } from './support/corpus.js';

/*
 * DSH's jsonrpc example records the same session twice: packed in `session.jsonl` (the fixture form,
 * seq/time stripped, chunk runs packed) and unpacked in `notifications.expected.jsonl`, the live
 * `session.event` stream with every event's real `seq`. Expanding the packed rows must give back the
 * stream.
 */
const SCENARIOS = ['bash-tool', 'text-turn', 'persistent-tools'] as const;

interface StreamedEvent {
  type: string;
  seq: number;
  data: unknown;
}

function streamedEvents(scenario: string): StreamedEvent[] {
  return readCorpusText('dsh/examples/jsonrpc-agent/tests/snapshots', scenario, 'notifications.expected.jsonl')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { method: string; params: { event: StreamedEvent } })
    .filter((message) => message.method === 'session.event')
    .map((message) => message.params.event);
}

describeWithCorpus('dsh', 'packed chunk rows', () => {
  it.each(SCENARIOS)('%s: expanding them gives the recorded event stream, seq for seq', async (scenario) => {
    const log = await readSessionLog(corpusPath('dsh/examples/jsonrpc-agent/tests/snapshots', scenario, 'session.jsonl'));
    const streamed = streamedEvents(scenario);
    const logical = logicalEvents(log.events);
    expect(logical.map((entry) => [entry.event.type, entry.seq])).toEqual(streamed.map((event) => [event.type, event.seq]));
    // Chunk payloads carry no normalised ids, so they match exactly, packed members included.
    logical.forEach((entry, index) => {
      if (entry.event.type === 'assistant/chunk') expect(entry.event.data).toEqual(streamed[index]?.data);
    });
  });

  it('are packed in these fixtures, so the comparison above covers expansion', async () => {
    const packed = [];
    for (const scenario of SCENARIOS) {
      const log = await readSessionLog(corpusPath('dsh/examples/jsonrpc-agent/tests/snapshots', scenario, 'session.jsonl'));
      packed.push(...log.events.filter(isPackedRow).map((entry) => entry.event.type));
    }
    expect(new Set(packed)).toEqual(new Set(['text-chunks', 'reasoning-chunks', 'tool-call-chunks']));
  });
});
