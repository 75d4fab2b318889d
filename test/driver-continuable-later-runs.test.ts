import path from 'node:path';
import { expect, it } from 'vitest';
import type { ModelRequest } from '../src/providers/model/index.js';
import { REPORT_SECTION_TEXT, type AgentHandle } from '../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { ACP, readRows, type Row } from './support/runtime-corpus.js';
import { settleAll, smallHost, textStep } from './support/runtime-scenario.js';

const isChild = (request: ModelRequest) => request.system.includes(REPORT_SECTION_TEXT);
const child = (step: ScriptedStep): ScriptedStep => ({ ...step, match: isChild });
const parent = (step: ScriptedStep): ScriptedStep => ({ ...step, match: (request) => !isChild(request) });
const failingTurn = (message: string): ScriptedStep =>
  child({
    label: 'fails',
    before: () => {
      throw new Error(message);
    },
  });

/** The settlement notices an agent received, as logged user messages. */
function settlementNotices(rows: readonly { type: string; data?: unknown }[]): { content: unknown; source: unknown }[] {
  return rows
    .filter((row) => row.type === 'user/message' && (row.data as { source?: { kind?: string } }).source?.kind === 'subagent-settled')
    .map((row) => ({ content: (row.data as { content: unknown }).content, source: (row.data as { source: unknown }).source }));
}

/** The sources of a child's own user messages (after its task). */
function followupSources(agent: AgentHandle): unknown[] {
  return agent.session.events.filter((event) => event.type === 'user/message' && (event.data as { source: { kind: string } }).source.kind === 'coordinator').map((event) => (event.data as { source: unknown }).source);
}

const withIds = (value: unknown, ids: Record<string, string>): unknown => JSON.parse(Object.entries(ids).reduce((text, [from, to]) => text.split(from).join(to), JSON.stringify(value)));

describeWithCorpus('dsh/examples/acp-agent/tests/snapshots/subagent-continuable', 'driver: settlement notices for every run of a continuable child', () => {
  const recorded = (): { parentRows: Row[]; childRows: Row[] } => ({
    parentRows: readRows(path.join(ACP, 'subagent-continuable/session.jsonl')),
    childRows: readRows(path.join(ACP, 'subagent-continuable/session.1.jsonl')),
  });

  it('messages sent while the child runs join its current run: one notice after all of them, as recorded (sources and notice text)', async () => {
    const { parentRows, childRows } = recorded();
    const recordedChild = childRows[0]!['id'] as string;
    const recordedParent = parentRows[0]!['id'] as string;
    const model = new ScriptedModel([child(textStep('CHILD_OK')), child(textStep('SECOND_OK')), failingTurn('snapshot disk full'), parent(textStep('SUBAGENT_SETTLED_NOTED'))]);
    const { host, createParent } = smallHost(model);
    const top = createParent();
    const started = await host.subagents.startContinuable('spawn', { parent: top, prompt: [{ type: 'text', text: 'Reply with exactly the word CHILD_OK and nothing else.' }], label: 'Reply with CHILD_OK', signal: new AbortController().signal });
    started.send([{ type: 'text', text: 'Now reply with exactly SECOND_OK.' }]);
    started.send([{ type: 'text', text: 'Now reply with exactly THIRD_OK.' }]);
    await settleAll(host);
    model.assertConsumed();
    const ids = { [recordedChild]: started.childId, [recordedParent]: top.id };
    const recordedSources = childRows.filter((row) => row.type === 'user/message' && row.data.source.kind === 'coordinator').map((row) => row.data.source);
    // Both sends carry the recorded coordinator source (the recording's third turn failed before it logged its message).
    const source = withIds(recordedSources[0], ids);
    expect(followupSources(started.agent)).toEqual([source, source]);
    expect(settlementNotices(top.session.events)).toEqual(withIds(settlementNotices(parentRows as never), ids));
    expect((await started.settled).stopReason).toBe('error');
  });

  it('a message sent after the child settled opens a new run, and its settlement notifies the parent again with that run’s closing message', async () => {
    const model = new ScriptedModel([child(textStep('CHILD_OK')), parent(textStep('noted first')), child(textStep('FOURTH_OK')), parent(textStep('noted second'))]);
    const { host, createParent } = smallHost(model);
    const top = createParent();
    const started = await host.subagents.startContinuable('spawn', { parent: top, prompt: [{ type: 'text', text: 'Reply with CHILD_OK.' }], label: 'Reply', signal: new AbortController().signal });
    await settleAll(host);
    expect((await started.settled).output).toEqual([{ type: 'text', text: 'CHILD_OK' }]);
    // Settled: released from the live registry (DSH disposes the resident handle), kept as a stored session.
    expect(host.agents.has(started.childId)).toBe(false);
    // Its own inbox refuses direct input: only a send resumes it into the registry first.
    expect(() => started.agent.followup([{ type: 'text', text: 'direct' }])).toThrow(expect.objectContaining({ code: 'agent/unloaded' }));
    started.send([{ type: 'text', text: 'Now reply with FOURTH_OK.' }]);
    // The send cold-resumes it: back in the registry, its next request opens a fresh loop's `resume` header.
    expect(host.agents.get(started.childId)).toBe(started.agent);
    const second = await started.settled;
    const headers = started.agent.session.events.filter((event) => event.type === 'request/header').map((event) => (event.data as { reason: string }).reason);
    expect(headers).toEqual(['initial', 'resume']);
    await settleAll(host);
    model.assertConsumed();
    expect(second).toEqual({ output: [{ type: 'text', text: 'FOURTH_OK' }], stopReason: 'completed' });
    const finished = `Background subagent ${started.childId} finished and will do no further work unless you send it more.`;
    expect(settlementNotices(top.session.events).map((notice) => notice.content)).toEqual([
      [{ type: 'text', text: finished }, { type: 'text', text: 'Its closing message:' }, { type: 'text', text: 'CHILD_OK' }],
      [{ type: 'text', text: finished }, { type: 'text', text: 'Its closing message:' }, { type: 'text', text: 'FOURTH_OK' }],
    ]);
    await started.dispose();
    expect(() => started.send([{ type: 'text', text: 'more' }])).toThrow(expect.objectContaining({ code: 'subagent/unavailable' }));
  });
});
