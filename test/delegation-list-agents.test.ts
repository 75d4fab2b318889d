import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../src/providers/model/index.js';
import { listAgentsTool, NO_LISTED_AGENTS, type AgentHandle } from '../src/providers/runtime/index.js';
import { toolExecution } from '../src/providers/runtime/loop/tool-execution.js';
import { requestMentions, ScriptedModel } from '../src/testing/index.js';
import { settleAll, smallHost } from './support/runtime-scenario.js';

const tool = listAgentsTool({ name: 'list_agents', description: 'List your continuable background subagents.', parameters: { type: 'object', properties: {} } });
const call = (agent: AgentHandle, args: unknown): Promise<unknown> =>
  tool.execute(args, toolExecution(agent, { callId: 'call_list', signal: new AbortController().signal, concludeTurn: () => undefined, addAfterResult: () => undefined }));
const asks = (task: string) => (request: ModelRequest) => requestMentions(request, task);
const NOTICE = 'finished and will do no further work';

/**
 * A tree below one top-level agent: continuable A (settled), a one-shot B that started continuable
 * C (settled) below it, and continuable D held mid-turn. DSH's listing shows continuable entries
 * only, `ready` for a child out of the live registry and the registry's status otherwise.
 */
async function tree() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const model = new ScriptedModel([
    { label: 'A', match: asks('task A'), text: 'A done' },
    { label: 'C', match: asks('task C'), text: 'C done' },
    { label: 'D', match: asks('task D'), before: () => held, text: 'D done' },
    { label: 'B', match: asks('task B'), text: 'B done' },
    // Each settlement wakes its live parent: A's and D's the top agent, C's the one-shot B.
    ...['A', 'C', 'D'].map((name) => ({ label: `notice ${name}`, match: asks(NOTICE), text: 'noted' })),
  ]);
  const { host, createParent } = smallHost(model);
  const top = createParent();
  const signal = new AbortController().signal;
  const start = (parent: AgentHandle, task: string, label: string) => host.subagents.startContinuable('spawn', { parent, prompt: [{ type: 'text', text: task }], label, signal });
  const a = await start(top, 'task A', 'first');
  await settleAll(host);
  const b = await host.subagents.start('spawn', { parent: top, prompt: [{ type: 'text', text: 'task B' }], label: 'one-shot', signal });
  const c = await start(b.localAgent, 'task C', 'grandchild');
  await c.settled;
  await b.result;
  const d = await start(top, 'task D', 'held');
  await new Promise((resolve) => setImmediate(resolve));
  return { host, model, top, a, b, c, d, release };
}

describe('list_agents: continuable children by status, scope children or descendants', () => {
  it('lists direct continuable children by creation: a settled one `ready`, a working one `running`; a one-shot child is not listed', async () => {
    const { host, model, top, a, d, release } = await tree();
    expect(await call(top, {})).toBe([`${a.childId} [ready] — first`, `${d.childId} [running] — held`].join('\n'));
    release();
    await settleAll(host);
    model.assertConsumed();
    expect(await call(top, { scope: 'children' })).toBe([`${a.childId} [ready] — first`, `${d.childId} [ready] — held`].join('\n'));
  });

  it('walks descendants in pre-order through the one-shot child, annotating parent and depth', async () => {
    const { host, model, top, a, b, c, d, release } = await tree();
    release();
    await settleAll(host);
    model.assertConsumed();
    expect(await call(top, { scope: 'descendants' })).toBe(
      [`${a.childId} [ready] — first (parent ${top.id}, depth 1)`, `${c.childId} [ready] — grandchild (parent ${b.id}, depth 2)`, `${d.childId} [ready] — held (parent ${top.id}, depth 1)`].join('\n'),
    );
  });

  it('says so when there is nothing to list, and rejects an unknown scope', async () => {
    const { createParent } = smallHost(new ScriptedModel([]));
    const lonely = createParent();
    expect(await call(lonely, {})).toBe(NO_LISTED_AGENTS);
    await expect(call(lonely, { scope: 'everyone' })).rejects.toMatchObject({ code: 'tool/invalid-arguments' });
  });
});
