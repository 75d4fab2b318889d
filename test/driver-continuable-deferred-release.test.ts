import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../src/providers/model/index.js';
import { AgentHost, createSpawnProvider, JobRegistry, listAgentsTool, type AgentHandle, type JobOutcome } from '../src/providers/runtime/index.js';
import { toolExecution } from '../src/providers/runtime/loop/tool-execution.js';
import { requestMentions, ScriptedModel } from '../src/testing/index.js';
import { deterministicSources, ROUTE, settleAll, smallComposition } from './support/runtime-scenario.js';

const tool = listAgentsTool({ name: 'list_agents', description: 'List your continuable background subagents.', parameters: { type: 'object', properties: {} } });
const list = (agent: AgentHandle): Promise<unknown> =>
  tool.execute({ scope: 'descendants' }, toolExecution(agent, { callId: 'call_list', signal: new AbortController().signal, concludeTurn: () => undefined, addAfterResult: () => undefined }));
const mentions = (...texts: string[]) => (request: ModelRequest) => texts.every((text) => requestMentions(request, text));
const without = (text: string, match: (request: ModelRequest) => boolean) => (request: ModelRequest) => match(request) && !requestMentions(request, text);
const NOTICE = 'finished and will do no further work';
const signal = new AbortController().signal;

function hold(): { held: Promise<void>; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}

function scenario(model: ScriptedModel) {
  const jobs = new JobRegistry();
  const host = new AgentHost({ composition: smallComposition(), model, jobs, ...deterministicSources() });
  host.subagents.registerProvider(createSpawnProvider());
  const top = host.createAgent({ ...ROUTE, cwd: '/work/project' });
  const start = (parent: AgentHandle, task: string, label: string) => host.subagents.startContinuable('spawn', { parent, prompt: [{ type: 'text', text: task }], label, signal });
  return { host, jobs, top, start };
}

/** Nothing of a released child stays attached to the host: no registry entry, no observer. */
function expectReleased(host: AgentHost, jobs: JobRegistry, childId: string): void {
  expect(host.agents.has(childId)).toBe(false);
  expect(host.unpublishListenerCount).toBe(0);
  // The host's own completion-notice delivery is the one observer that always stays.
  expect(jobs.doneListenerCount).toBe(1);
}

describe('a settled continuable child is released once the work it owns ends', () => {
  it('stays loaded (`idle`) while its own continuable child runs, and is released (`ready`) after that child settles', async () => {
    const child = hold();
    const grandchild = hold();
    const model = new ScriptedModel([
      { label: 'C', match: without(NOTICE, mentions('task C')), before: () => child.held, text: 'C done' },
      { label: 'G', match: mentions('task G'), before: () => grandchild.held, text: 'G done' },
      // G's settlement wakes its still-loaded parent C for one turn; C's settlement wakes the top agent.
      { label: 'C reads G notice', match: mentions('task C', NOTICE), text: 'C noted' },
      { label: 'top reads C notice', match: without('task C', mentions(NOTICE)), text: 'top noted' },
    ]);
    const { host, jobs, top, start } = scenario(model);
    const c = await start(top, 'task C', 'child');
    await new Promise((resolve) => setImmediate(resolve));
    const g = await start(c.agent, 'task G', 'grandchild');
    child.release();
    await c.settled;
    await top.whenIdle();
    expect(await list(top)).toBe([`${c.childId} [idle] — child (parent ${top.id}, depth 1)`, `${g.childId} [running] — grandchild (parent ${c.childId}, depth 2)`].join('\n'));
    expect(host.unpublishListenerCount).toBe(1);

    grandchild.release();
    await g.settled;
    await settleAll(host);
    model.assertConsumed();
    expect(await list(top)).toBe([`${c.childId} [ready] — child (parent ${top.id}, depth 1)`, `${g.childId} [ready] — grandchild (parent ${c.childId}, depth 2)`].join('\n'));
    expectReleased(host, jobs, c.childId);
  });

  it('stays loaded while a background job it owns runs, and is released after the job\'s notice turn', async () => {
    const model = new ScriptedModel([
      { label: 'C', match: mentions('task C'), text: 'C done' },
      { label: 'top reads C notice', match: without('task C', mentions(NOTICE)), text: 'top noted' },
      { label: 'C reads job notice', match: mentions('task C', 'background job bash-1'), text: 'C read the job' },
    ]);
    const { host, jobs, top, start } = scenario(model);
    let finish!: (outcome: JobOutcome) => void;
    const done = new Promise<JobOutcome>((resolve) => (finish = resolve));
    const c = await start(top, 'task C', 'child');
    // The job is admitted while C works, so C owns it when it settles.
    jobs.start({ kind: 'bash', label: 'sleep 60', owner: c.agent, run: () => ({ cancel: () => {}, done }) });
    await c.settled;
    await settleAll(host);
    expect(await list(top)).toBe(`${c.childId} [idle] — child (parent ${top.id}, depth 1)`);

    finish({ status: 'completed', output: 'slept' });
    await new Promise((resolve) => setImmediate(resolve));
    await settleAll(host);
    model.assertConsumed();
    expect(await list(top)).toBe(`${c.childId} [ready] — child (parent ${top.id}, depth 1)`);
    expectReleased(host, jobs, c.childId);
  });

  it('leaves no observer behind when the child is disposed while the release is deferred', async () => {
    const model = new ScriptedModel([
      { label: 'C', match: mentions('task C'), text: 'C done' },
      { label: 'top reads C notice', match: without('task C', mentions(NOTICE)), text: 'top noted' },
    ]);
    const { host, jobs, top, start } = scenario(model);
    const c = await start(top, 'task C', 'child');
    let kill!: () => void;
    const killed = new Promise<JobOutcome>((resolve) => (kill = () => resolve({ status: 'killed' })));
    jobs.start({ kind: 'bash', label: 'sleep 60', owner: c.agent, run: () => ({ cancel: () => kill(), done: killed }) });
    await c.settled;
    await settleAll(host);
    expect(host.unpublishListenerCount).toBe(1);
    await c.dispose();
    model.assertConsumed();
    expect(host.agents.has(c.childId)).toBe(false);
    expect(host.unpublishListenerCount).toBe(0);
    expect(jobs.doneListenerCount).toBe(1);
  });
});
