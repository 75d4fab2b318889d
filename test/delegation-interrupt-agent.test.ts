import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../src/providers/model/index.js';
import { AgentHost, createSpawnProvider, interruptAgentTool, interruptText, listAgentsTool, type AgentHandle, type ToolDefinition } from '../src/providers/runtime/index.js';
import { toolExecution } from '../src/providers/runtime/loop/tool-execution.js';
import { requestMentions, ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { loadReferenceHead, referenceTool } from '../src/analysis/compositions/reference-head.js';
import { callStep, deterministicSources, lastToolResult, ROUTE, settleAll, smallComposition } from './support/runtime-scenario.js';

// The schemas DSH's recorded heads carry (the bundled reference head is built from the corpus pins
// and ships with the package, so this file runs on a clone without the corpus).
const reference = await loadReferenceHead();
const schemaOf = (name: string) => {
  const schema = referenceTool(reference, name, undefined);
  if (!schema) throw new Error(`${name} is not in the bundled reference head`);
  return schema;
};
const interrupt = interruptAgentTool(schemaOf('interrupt_agent'));
const listAgents = listAgentsTool(schemaOf('list_agents'));
const run = (tool: ToolDefinition, agent: AgentHandle, args: unknown): Promise<unknown> =>
  tool.execute(args, toolExecution(agent, { callId: 'call_x', signal: new AbortController().signal, concludeTurn: () => undefined, addAfterResult: () => undefined }));
const list = (agent: AgentHandle) => run(listAgents, agent, { scope: 'descendants' });
const mentions = (...texts: string[]) => (request: ModelRequest) => texts.every((text) => requestMentions(request, text));
const without = (text: string, match: (request: ModelRequest) => boolean) => (request: ModelRequest) => match(request) && !requestMentions(request, text);
/** A model call that only ends when its turn is cancelled. */
const untilAborted = (_request: ModelRequest, signal: AbortSignal) => new Promise<void>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
const STOPPED = 'was stopped before it finished.';
const signal = new AbortController().signal;

function scenario(steps: readonly ScriptedStep[]) {
  const model = new ScriptedModel(steps);
  const base = smallComposition();
  const host = new AgentHost({ composition: { ...base, tools: [...base.tools, interrupt, listAgents] }, model, ...deterministicSources() });
  host.subagents.registerProvider(createSpawnProvider());
  const top = host.createAgent({ ...ROUTE, cwd: '/work/project' });
  const start = (parent: AgentHandle, task: string, label: string) => host.subagents.startContinuable('spawn', { parent, prompt: [{ type: 'text', text: task }], label, signal });
  return { host, model, top, start };
}

const lastTurnEnd = (agent: AgentHandle) => [...agent.session.events].reverse().find((event) => event.type === 'turn/end')?.data;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('interrupt_agent: stop the current turn of a continuable agent below the caller', () => {
  it('aborts a running child\'s turn (cause `parent`); the parent gets the stopped notice and the child is `ready`', async () => {
    const { host, model, top, start } = scenario([
      { label: 'C held', match: mentions('task C'), before: untilAborted, text: 'never streamed' },
      { label: 'top reads stopped notice', match: mentions(STOPPED), text: 'noted' },
    ]);
    const c = await start(top, 'task C', 'child');
    await tick();
    expect(await list(top)).toBe(`${c.childId} [running] — child (parent ${top.id}, depth 1)`);
    expect(await run(interrupt, top, { agent_id: c.childId })).toBe(interruptText(c.childId, 'requested'));
    const result = await c.settled;
    await settleAll(host);
    model.assertConsumed();
    expect(result.stopReason).toBe('aborted');
    expect(lastTurnEnd(c.agent)).toEqual({ turn: 1, reason: { kind: 'aborted', reason: { kind: 'parent' } } });
    expect(await list(top)).toBe(`${c.childId} [ready] — child (parent ${top.id}, depth 1)`);
    // Interrupting it again is DSH's accepted no-op.
    expect(await run(interrupt, top, { agent_id: c.childId })).toBe(interruptText(c.childId, 'not-running'));
  });

  it('reaches a grandchild; an interrupted child that still owns a running child stays `idle` until that child settles', async () => {
    const { host, model, top, start } = scenario([
      { label: 'C held', match: without('finished and will do', mentions('task C')), before: untilAborted, text: 'never streamed' },
      { label: 'G held', match: mentions('task G'), before: untilAborted, text: 'never streamed' },
      // G's stopped notice wakes C (still loaded); C's stopped notice wakes the top agent.
      { label: 'C reads G notice', match: mentions('task C', STOPPED), text: 'C noted' },
      { label: 'top reads C notice', match: without('task C', mentions(STOPPED)), text: 'top noted' },
    ]);
    const c = await start(top, 'task C', 'child');
    await tick();
    const g = await start(c.agent, 'task G', 'grandchild');
    await tick();
    expect(await run(interrupt, top, { agent_id: c.childId })).toBe(interruptText(c.childId, 'requested'));
    await c.settled;
    await top.whenIdle();
    // Only C's turn stopped: the agent it started keeps running.
    expect(await list(top)).toBe([`${c.childId} [idle] — child (parent ${top.id}, depth 1)`, `${g.childId} [running] — grandchild (parent ${c.childId}, depth 2)`].join('\n'));
    expect(await run(interrupt, top, { agent_id: g.childId })).toBe(interruptText(g.childId, 'requested'));
    await g.settled;
    await settleAll(host);
    model.assertConsumed();
    expect(lastTurnEnd(g.agent)).toEqual({ turn: 1, reason: { kind: 'aborted', reason: { kind: 'parent' } } });
    expect(await list(top)).toBe([`${c.childId} [ready] — child (parent ${top.id}, depth 1)`, `${g.childId} [ready] — grandchild (parent ${c.childId}, depth 2)`].join('\n'));
    expect(host.unpublishListenerCount).toBe(0);
  });

  it('keeps queued messages parked until the next send, which runs them first', async () => {
    const { host, model, top, start } = scenario([
      { label: 'C held', match: mentions('task C'), before: untilAborted, text: 'never streamed' },
      { label: 'top reads stopped notice', match: without('task C', mentions(STOPPED)), text: 'noted' },
    ]);
    const c = await start(top, 'task C', 'child');
    await tick();
    c.send([{ type: 'text', text: 'queued follow-up' }]);
    await run(interrupt, top, { agent_id: c.childId });
    await c.settled;
    await settleAll(host);
    // The scripted model has no step for the queued message: running it here would fail.
    model.assertConsumed();
    model.push(
      { label: 'parked message', match: without('resume now', mentions('queued follow-up')), text: 'did the follow-up' },
      { label: 'new message', match: mentions('resume now'), text: 'resumed' },
      { label: 'top reads finished notice', match: without('task C', mentions('finished and will do no further work')), text: 'noted again' },
    );
    c.send([{ type: 'text', text: 'resume now' }]);
    await c.settled;
    await settleAll(host);
    model.assertConsumed();
  });

  it('rejects an unknown id, the caller itself, an agent outside the caller\'s subtree and a one-shot child', async () => {
    const { host, top, start } = scenario([
      { label: 'C', match: mentions('task C'), text: 'C done' },
      { label: 'B', match: mentions('task B'), text: 'B done' },
      { label: 'top reads notice', match: without('task C', mentions('finished and will do')), text: 'noted' },
    ]);
    const other = host.createAgent({ ...ROUTE, cwd: '/work/project' });
    const c = await start(top, 'task C', 'child');
    const b = await host.subagents.start('spawn', { parent: top, prompt: [{ type: 'text', text: 'task B' }], label: 'one-shot', signal });
    await b.result;
    await settleAll(host);
    await expect(run(interrupt, top, { agent_id: 'no-such-agent' })).rejects.toMatchObject({ code: 'subagent/unknown', message: expect.stringContaining('no subagent with id "no-such-agent"') });
    await expect(run(interrupt, top, { agent_id: top.id })).rejects.toMatchObject({ code: 'subagent/self-interrupt' });
    await expect(run(interrupt, other, { agent_id: c.childId })).rejects.toMatchObject({ code: 'subagent/unauthorized', toolErrorIdentity: { name: 'SubagentError', code: 'UNAUTHORIZED' } });
    await expect(run(interrupt, c.agent, { agent_id: c.childId })).rejects.toMatchObject({ code: 'subagent/self-interrupt' });
    await expect(run(interrupt, top, { agent_id: b.id })).rejects.toMatchObject({ code: 'subagent/not-continuable' });
    await expect(run(interrupt, top, {})).rejects.toMatchObject({ code: 'tool/invalid-arguments' });
  });

  it('reaches the model as an errored tool result', async () => {
    const { host, model, top } = scenario([callStep('interrupt_agent', { agent_id: 'no-such-agent' }), { label: 'after', text: 'DONE' }]);
    top.followup([{ type: 'text', text: 'interrupt it' }]);
    await settleAll(host);
    model.assertConsumed();
    expect(lastToolResult(top)).toEqual({ text: 'Error: no subagent with id "no-such-agent": list_agents with scope descendants shows the agents you can interrupt', isError: true });
  });
});
