import { expect, it } from 'vitest';
import { isKnownEventType, readSessionLog } from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus, readCorpusText } from './support/corpus.js';

const CHILD = 'dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process/session.1.jsonl';

describeWithCorpus('dsh', 'event types kvprefix does not know', () => {
  it('are kept in place as unknown events carrying the stored object unchanged', async () => {
    const log = await readSessionLog(corpusPath(CHILD));
    const unknown = log.events.filter((entry) => !entry.known);
    expect(unknown.map((entry) => entry.event.type)).toEqual([
      'agent/inbox/spliced',
      'agent/inbox/spliced',
      'session/title',
      'approval/policy',
      'agent/inbox/spliced',
      'agent/inbox/spliced',
    ]);
    for (const entry of unknown) {
      expect(isKnownEventType(entry.event.type)).toBe(false);
      const storedLine = readCorpusText(CHILD).split('\n')[entry.line - 1] as string;
      expect(entry.event).toEqual(JSON.parse(storedLine));
    }
    // The delegation-seeded approval policy sits right after the seed marker, at its logical seq.
    const policy = unknown.find((entry) => entry.event.type === 'approval/policy');
    expect(policy?.seq).toBe(43);
    expect(policy?.event.data).toEqual({ policy: 'never', source: 'delegation' });
  });

  it('leave the fields of known events that their schemas do not name in place', async () => {
    // DSH's replay input records `turn/start` with a `trigger`; the schema names only `turn`.
    const replay = await readSessionLog(corpusPath('dsh/examples/headless-agent/tests/subagent-inheritance-snapshots/parent-override/child.replay.jsonl'));
    const turnStart = replay.events.find((entry) => entry.event.type === 'turn/start');
    expect(turnStart?.known).toBe(true);
    expect(turnStart?.event.data).toEqual({ turn: 1, trigger: { kind: 'message', source: { kind: 'user' } } });
    // Header fields beyond the schema (`origin`) survive too.
    const child = await readSessionLog(corpusPath(CHILD));
    expect(child.header).toMatchObject({ origin: 'subagent', seedLength: 42, delegationDepth: 1, parentSession: '96cf59c9-b347-48b9-b234-a5200913ad05' });
  });
});
