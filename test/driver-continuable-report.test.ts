import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../src/providers/model/index.js';
import { REPORT_SECTION_TEXT, REPORT_TOOL_SCHEMA, type SubagentStartRequest } from '../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { callStep, lastToolResult, prompt, settleAll, smallComposition, smallHost, textStep, firstContinuableChild } from './support/runtime-scenario.js';

const isChild = (request: ModelRequest) => request.system.includes(REPORT_SECTION_TEXT);
const child = (step: ScriptedStep): ScriptedStep => ({ ...step, match: isChild });
const parent = (step: ScriptedStep): ScriptedStep => ({ ...step, match: (request) => !isChild(request) });

function setup(steps: ScriptedStep[], composition = smallComposition()) {
  const model = new ScriptedModel(steps);
  const { host, createParent } = smallHost(model, composition);
  const top = createParent();
  const request = (extra: Partial<SubagentStartRequest> = {}): SubagentStartRequest => ({ parent: top, prompt: [{ type: 'text', text: 'Find the answer and report it.' }], label: 'Find answer', signal: new AbortController().signal, ...extra });
  return { model, host, top, request };
}

describe('driver: continuable children and their report channel', () => {
  it('gives a continuable child the child-scope `report` tool (sorted into its tools) and the `tool:report` section at order 117; a one-shot child gets neither', async () => {
    const { host, request } = setup([child(textStep('done')), textStep('one-shot done')]);
    const continuable = await host.subagents.startContinuable('spawn', request());
    await continuable.settled;
    const head = continuable.agent.requests[0]!.head;
    expect(head.tools.map((tool) => tool.name)).toEqual(['echo', 'note', 'report', 'subagent', 'subagent_fork']);
    expect(head.tools.find((tool) => tool.name === 'report')).toEqual(REPORT_TOOL_SCHEMA);
    expect(head.sections.find((section) => section.name === 'tool:report')).toEqual({ name: 'tool:report', order: 117, text: REPORT_SECTION_TEXT });
    const oneShot = await host.subagents.start('spawn', request());
    await oneShot.result;
    expect(oneShot.localAgent.requests[0]!.head.tools.map((tool) => tool.name)).not.toContain('report');
    expect(oneShot.localAgent.requests[0]!.head.sections.map((section) => section.name)).not.toContain('tool:report');
    await oneShot.dispose();
  });

  it('resolves at inbox acceptance with the child id and the accepted message id; the descriptor is part of the initial prefix', async () => {
    const { host, request } = setup([child(textStep('done'))]);
    const started = await host.subagents.startContinuable('spawn', request());
    const events = started.agent.session.events;
    expect(events.slice(0, 4).map((event) => event.type)).toEqual(['subagent/descriptor', 'session/end-seed', 'approval/policy', 'agent/inbox/spliced']);
    expect(events[0]!.data).toEqual({ version: 2, mode: 'continuable', provider: 'spawn', label: 'Find answer', agentProvider: 'deepseek-official', agentModel: 'deepseek-v4-flash' });
    expect((events[3]!.data as { inserted: { id: string }[] }).inserted[0]!.id).toBe(started.messageId);
    expect(started.childId).toBe(started.agent.id);
    await started.settled;
  });

  it('delivers a report to the live direct parent as next-step input framed "Background subagent <id> reported:"', async () => {
    const { host, top, request, model } = setup([child(callStep('report', { output: 'ANSWER_42' }, 'call_report')), child(textStep('Reported.')), parent(textStep('Got the report.'))]);
    const started = await host.subagents.startContinuable('spawn', request());
    await settleAll(host);
    model.assertConsumed();
    const result = lastToolResult(started.agent);
    expect(result.isError).toBe(false);
    const delivered = top.session.events.find((event) => event.type === 'user/message')!.data as { content: unknown; source: unknown; id: string };
    expect(delivered.content).toEqual([
      { type: 'text', text: `Background subagent ${started.childId} reported:` },
      { type: 'text', text: 'ANSWER_42' },
    ]);
    expect(delivered.source).toEqual({ kind: 'subagent-report', form: 'relay', senderSessionId: started.childId });
    expect(result.text).toBe(`report accepted by the agent that started you as message ${delivered.id}`);
    // The idle parent woke for it: one turn, whose input is the report.
    expect(top.requests).toHaveLength(1);
  });

  it("survives the child's global tool filter: an allow-list cannot remove the only return channel", async () => {
    const { host, request } = setup([child(textStep('done'))]);
    const started = await host.subagents.startContinuable('spawn', request({ toolFilter: { allow: ['echo'] } }));
    await started.settled;
    expect(started.agent.requests[0]!.head.tools.map((tool) => tool.name)).toEqual(['echo', 'report']);
  });

  it('fails the call when the direct parent is not live, and says the report was not delivered', async () => {
    const { host, top, request } = setup([child(callStep('report', { output: 'late' })), child(textStep('gave up'))]);
    const started = await host.subagents.startContinuable('spawn', request());
    host.unpublish(top);
    await started.settled;
    expect(lastToolResult(started.agent)).toEqual({ text: 'Error: direct parent is not live; report was not delivered', isError: true });
  });

  it('the continuable delegation tool returns `started subagent <id>` without waiting for the child; the settled child sends the parent its notice', async () => {
    const composition = smallComposition({ subagent: { provider: 'spawn', backgroundMode: 'continuable' } });
    const { host, top, model } = setup(
      [parent(callStep('subagent', { description: 'bg', prompt: 'work quietly' })), parent(textStep('STARTED')), child(textStep('worked')), parent(textStep('NOTED'))],
      composition,
    );
    await prompt(top, 'start a background child');
    await settleAll(host);
    model.assertConsumed();
    const childAgent = firstContinuableChild(host, top.id);
    expect(lastToolResult(top)).toEqual({ text: `started subagent ${childAgent.id}`, isError: false });
    // The notice opens the parent's next turn, worded and sourced as subagent-continuable-inheritance records it.
    const notice = top.session.events.filter((event) => event.type === 'user/message').at(-1)!.data;
    const summary = `Background subagent ${childAgent.id} finished and will do no further work unless you send it more.`;
    expect(notice).toMatchObject({
      content: [
        { type: 'text', text: summary },
        { type: 'text', text: 'Its closing message:' },
        { type: 'text', text: 'worked' },
      ],
      source: { kind: 'subagent-settled', form: 'notice', summary, senderSessionId: childAgent.id },
    });
    expect(top.requests.at(-1)!.model.messages.at(-1)).toMatchObject({ source: { kind: 'subagent-settled' } });
  });
});
