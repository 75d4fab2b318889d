import path from 'node:path';
import { expect, it } from 'vitest';
import type { ModelRequest } from '../src/providers/model/index.js';
import { listAgentsTool, REPORT_SECTION_TEXT, type Agent, type AgentHandle } from '../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { ACP, readPin, readRows, recordedContexts, recordedPrompts, recordedSteps, writtenFixtureRows as fixture, type Row } from './support/runtime-corpus.js';
import { acpHost, settleAll, firstContinuableChild } from './support/runtime-scenario.js';

const SCENARIO = path.join(ACP, 'subagent-list-agents');
const isChild = (request: ModelRequest): boolean => request.system.includes(REPORT_SECTION_TEXT);

/** Ids, times and lineage differ run to run; everything else must be the recorded bytes. */
const normalize = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, field) =>
    ['id', 'dt', 'createdAt', 'parentSession', 'senderSessionId'].includes(key)
      ? '·'
      : typeof field === 'string'
        ? field.replace(/Background subagent \S+ /, 'Background subagent · ').replace(/^started subagent \S+$/, 'started subagent ·')
        : field,
  );


/** Index of the row that closes turn `turn` (its `turn/end`). */
const turnEnd = (rows: readonly Row[], turn: number): number => rows.findIndex((row) => row.type === 'turn/end' && row.data.turn === turn);

/**
 * Replays subagent-list-agents: turn 1 starts a continuable spawn child in the background and
 * answers STARTED; the child's settlement notice opens turn 2; the user's second prompt opens
 * turn 3, whose first step calls `list_agents` and reads `<child id> [ready] — Reply with CHILD_OK`:
 * the settled child left the live registry, as DSH releases a settled continuable child, and is
 * listed from storage as `ready`.
 */
async function replay() {
  const parentRows = readRows(path.join(SCENARIO, 'session.jsonl'));
  const childRows = readRows(path.join(SCENARIO, 'session.1.jsonl'));
  const model = new ScriptedModel([
    ...recordedSteps(parentRows).map((step): ScriptedStep => ({ ...step, match: (request) => !isChild(request) })),
    ...recordedSteps(childRows).map((step): ScriptedStep => ({ ...step, match: isChild })),
  ]);
  const listAgents = readPin('text-turn').tools.find((tool) => tool.name === 'list_agents')!;
  const { host, createParent } = acpHost(model, { contexts: recordedContexts(parentRows), executors: new Map([['list_agents', listAgentsTool(listAgents)]]) });
  const parent: Agent = createParent();
  const [first, second] = recordedPrompts(parentRows);
  parent.followup([{ type: 'text', text: first! }]);
  await settleAll(host);
  parent.followup([{ type: 'text', text: second! }]);
  await settleAll(host);
  model.assertConsumed();
  const child: AgentHandle = firstContinuableChild(host, parent.id);
  return { host, parent, child, parentRows, childRows };
}

describeWithCorpus('dsh', 'runtime: a settled background child, then list_agents (subagent-list-agents)', () => {
  it("writes the child's log row for row: seed, the never approval policy, its task and the CHILD_OK answer", async () => {
    const { child, childRows } = await replay();
    expect(normalize(fixture(child))).toEqual(normalize(childRows));
  });

  it("writes the parent's turns 1 and 2 row for row: the background start, STARTED, then the settlement notice opening turn 2", async () => {
    const { parent, parentRows } = await replay();
    const written = fixture(parent);
    expect(turnEnd(written, 2)).toBe(turnEnd(parentRows, 2));
    expect(normalize(written.slice(0, turnEnd(written, 2) + 1))).toEqual(normalize(parentRows.slice(0, turnEnd(parentRows, 2) + 1)));
  });

  it("writes the parent's turn 3 row for row: list_agents reads the settled child as `<id> [ready] — Reply with CHILD_OK`, then DONE", async () => {
    const { parent, child, parentRows } = await replay();
    const written = fixture(parent);
    const result = written.find((row) => row.type === 'tool/result' && row.data.message.source.callId === 'call_list')!;
    const recorded = parentRows.find((row) => row.type === 'tool/result' && row.data.message.source.callId === 'call_list')!;
    expect(result.data.message.content[0].content).toEqual([{ type: 'text', text: `${child.id} [ready] — Reply with CHILD_OK` }]);
    // With the recording's child id in place of ours, the whole of turn 3 is the recorded bytes.
    const recordedId = recorded.data.message.content[0].content[0].text.split(' ')[0];
    const tail = (rows: Row[]) => normalize(rows.slice(turnEnd(rows, 2) + 1));
    expect(tail(JSON.parse(JSON.stringify(written).split(child.id).join(recordedId)))).toEqual(tail(parentRows));
  });

  it('unloads the settled continuable child: it leaves the live registry and stays in the catalog, listed from storage', async () => {
    const { host, child } = await replay();
    expect(host.agents.has(child.id)).toBe(false);
    expect(host.subagents.listChildren(child.parent!.id).map((entry) => [entry.id, entry.mode, entry.label])).toEqual([[child.id, 'continuable', 'Reply with CHILD_OK']]);
  });

  it("writes the parent's recorded event-type sequence over all three turns, turn 3 calling list_agents and then answering DONE", async () => {
    const { parent, parentRows } = await replay();
    expect(fixture(parent).map((row) => row.type)).toEqual(parentRows.map((row) => row.type));
    const calls = parent.session.events.filter((event) => event.type === 'tool/call').map((event) => (event.data as { name: string; arguments: string }));
    expect(calls.map((call) => [call.name, call.arguments])).toEqual([
      ['subagent', parentRows.find((row) => row.type === 'tool/call')!.data.arguments],
      ['list_agents', '{}'],
    ]);
  });

  it("delivers the recorded notice text to the parent's first turn-2 request: the child finished, then its closing message CHILD_OK", async () => {
    const { parent, child } = await replay();
    const request = parent.requests.find((candidate) => candidate.turn === 2)!;
    expect(request.model.messages.at(-1)!.content).toEqual([
      { type: 'text', text: `Background subagent ${child.id} finished and will do no further work unless you send it more.` },
      { type: 'text', text: 'Its closing message:' },
      { type: 'text', text: 'CHILD_OK' },
    ]);
  });
});
