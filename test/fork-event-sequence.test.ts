import path from 'node:path';
import { expect, it } from 'vitest';
import { toFixtureRows } from '../src/testing/index.js';
import { ACP, readPin } from './support/runtime-corpus.js';
import { describeWithCorpus } from './support/corpus.js';
import { replayRecordedFork } from './support/runtime-scenario.js';
import { compareWithCause } from './support/compare-with-cause.js';

const SCENARIO = path.join(ACP, 'subagent-fork-in-process');

const normalizeIds = (value: unknown): unknown => JSON.parse(JSON.stringify(value), (key, field) => (key === 'id' || key === 'dt' || key === 'createdAt' || key === 'parentSession' ? '·' : field));

describeWithCorpus('dsh', 'fork: a scripted parent forking after one completed turn', () => {
  it('writes a child log with the event-type sequence of the recorded subagent-fork-in-process child', async () => {
    const { child, childRows } = await replayRecordedFork();
    const written = [child.session.header, ...toFixtureRows(child.session.events)].map((row) => row.type);
    expect(written).toEqual(childRows.map((row) => row.type));
  });

  it('records the same header facts as the recorded child: parent session, seed length 42, depth 1', async () => {
    const { parent, child, childRows } = await replayRecordedFork();
    expect(child.session.header).toMatchObject({ parentSession: parent.id, seedLength: 42, origin: 'subagent', delegationDepth: 1, cwd: '{{cwd}}' });
    expect(Object.keys(child.session.header)).toEqual(Object.keys(childRows[0]!));
  });

  it('writes the recorded child log row for row, up to ids, times and the pinned head placeholders', async () => {
    const { child, childRows } = await replayRecordedFork();
    const pin = readPin('text-turn');
    const rows = toFixtureRows(child.session.events).map((row) => {
      if (row.type !== 'request/header') return row;
      const data = row.data as { header: { system: string; tools: unknown }; reason: string };
      // Fixtures store the pinned head as placeholders; the child's real head must be that pin.
      expect(data.header.system).toBe(pin.system);
      expect(data.header.tools).toEqual(pin.tools);
      return { ...row, data: { ...data, header: { ...data.header, system: '{{system}}', tools: '{{tools}}' } } };
    });
    expect(normalizeIds(rows)).toEqual(normalizeIds(childRows.slice(1)));
  });

  it("shares the parent's head and completed history byte for byte up to the task (prefix engine)", async () => {
    const { parent, child } = await replayRecordedFork();
    const forkingRequest = parent.requests.find((request) => request.turn === 2 && request.step === 1)!;
    const childRequest = child.requests[0]!;
    const comparison = compareWithCause(forkingRequest.prefix, childRequest.prefix);
    const head = forkingRequest.prefix.segments.filter((segment) => segment.kind !== 'message' && segment.kind !== 'task').length;
    // Head, then the completed turn: the user prompt, the runtime context and the assistant answer.
    expect(comparison.commonPrefix.segments).toBe(head + 3);
    expect(comparison.divergence).toMatchObject({ cause: 'task', index: head + 3 });
    expect(childRequest.prefix.segments[head + 3]).toMatchObject({ kind: 'task' });
    // Inside the diverging message only the wire opening of a user message is common.
    const sharedSegmentsBytes = forkingRequest.prefix.segments.slice(0, head + 3).reduce((total, segment) => total + segment.byteLength, 0);
    expect(comparison.commonPrefix.bytes).toBe(sharedSegmentsBytes + Buffer.byteLength('{"role":"user","content":"'));
  });
});
