import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparePrefix } from '../src/prefix/index.js';
import { toFixtureRows, type Agent } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { ACP, HAS_CORPUS, readPin, readRows, recordedPrompts, recordedSteps } from './support/runtime-corpus.js';
import { acpHost } from './support/runtime-scenario.js';

const SCENARIO = path.join(ACP, 'subagent-fork-in-process');

/** Replays the recorded fork scenario through the real loop: parent turn 1, parent turn 2 forking, the child, parent step 2. */
async function runRecordedFork() {
  const parentRows = readRows(path.join(SCENARIO, 'session.jsonl'));
  const childRows = readRows(path.join(SCENARIO, 'session.1.jsonl'));
  const parentSteps = recordedSteps(parentRows);
  const childSteps = recordedSteps(childRows, childRows.findIndex((row) => row.type === 'session/end-seed'));
  const model = new ScriptedModel([parentSteps[0]!, parentSteps[1]!, childSteps[0]!, parentSteps[2]!]);
  const { host, createParent } = acpHost(model);
  let child: Agent | undefined;
  host.subagents.on('subagent/start', (event) => (child = event.localAgent));
  const parent = createParent();
  for (const prompt of recordedPrompts(parentRows)) {
    parent.followup([{ type: 'text', text: prompt }]);
    await parent.whenIdle();
  }
  model.assertConsumed();
  if (!child) throw new Error('the parent never forked');
  return { parent, child, parentRows, childRows };
}

const normalizeIds = (value: unknown): unknown => JSON.parse(JSON.stringify(value), (key, field) => (key === 'id' || key === 'dt' || key === 'createdAt' || key === 'parentSession' ? '·' : field));

describe.skipIf(!HAS_CORPUS)('fork: a scripted parent forking after one completed turn', () => {
  it('writes a child log with the event-type sequence of the recorded subagent-fork-in-process child', async () => {
    const { child, childRows } = await runRecordedFork();
    const written = [child.session.header, ...toFixtureRows(child.session.events)].map((row) => row.type);
    expect(written).toEqual(childRows.map((row) => row.type));
  });

  it('records the same header facts as the recorded child: parent session, seed length 42, depth 1', async () => {
    const { parent, child, childRows } = await runRecordedFork();
    expect(child.session.header).toMatchObject({ parentSession: parent.id, seedLength: 42, origin: 'subagent', delegationDepth: 1, cwd: '{{cwd}}' });
    expect(Object.keys(child.session.header)).toEqual(Object.keys(childRows[0]!));
  });

  it('writes the recorded child log row for row, up to ids, times and the pinned head placeholders', async () => {
    const { child, childRows } = await runRecordedFork();
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
    const { parent, child } = await runRecordedFork();
    const forkingRequest = parent.requests.find((request) => request.turn === 2 && request.step === 1)!;
    const childRequest = child.requests[0]!;
    const comparison = comparePrefix(forkingRequest.prefix, childRequest.prefix);
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
