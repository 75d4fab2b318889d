import { describe, expect, it } from 'vitest';
import type { AgentHandle, RecordedEvent } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { callStep, prompt, smallHost, textStep } from './support/runtime-scenario.js';

const TASK = 'What did the echo return earlier?';

/** A parent whose turn 1 calls echo and answers, and whose turn 2 forks; the fork's view of the parent is captured at publication. */
async function forkAfterOneTurn() {
  const model = new ScriptedModel([
    callStep('echo', { text: 'PLUM' }, 'call_echo_1'),
    textStep('The echo said PLUM.'),
    callStep('subagent_fork', { description: 'Recall echo', prompt: TASK }, 'call_fork_1'),
    textStep('It was PLUM.'),
    textStep('FORK_DONE'),
  ]);
  const { host, createParent } = smallHost(model);
  const parent = createParent();
  let child: AgentHandle | undefined;
  let parentAtFork: readonly RecordedEvent[] = [];
  host.onAgentPublished((agent) => {
    if (agent.parent !== parent) return;
    child = agent;
    parentAtFork = [...parent.session.events];
  });
  await prompt(parent, 'Echo PLUM, then tell me what it said.');
  await prompt(parent, 'Fork a child to recall the echo, then say FORK_DONE.');
  model.assertConsumed();
  return { parent, child: child!, parentAtFork };
}

const callIds = (events: readonly RecordedEvent[], type: string): string[] =>
  events.filter((event) => event.type === type).map((event) => (type === 'tool/call' ? (event.data as { callId: string }).callId : (event.data as { message: { source: { callId: string } } }).message.source.callId));

describe('fork: Seed boundary', () => {
  it("the parent's current tool-calling turn is still open when a subagent starts: its log contains the assistant tool call but not the matching tool result or turn/end", async () => {
    const { parentAtFork } = await forkAfterOneTurn();
    const last = parentAtFork.at(-1)!;
    expect(last).toMatchObject({ type: 'tool/call', data: { callId: 'call_fork_1', name: 'subagent_fork' } });
    const openTurn = parentAtFork.slice(parentAtFork.map((event) => event.type).lastIndexOf('turn/start'));
    expect(openTurn.some((event) => event.type === 'turn/end')).toBe(false);
    // Copying that raw log would leave call_fork_1 without a result: an unbalanced session.
    expect(callIds(parentAtFork, 'tool/call').filter((id) => !callIds(parentAtFork, 'tool/result').includes(id))).toEqual(['call_fork_1']);
  });

  it('fork therefore computes the contiguous prefix ending at the last turn/end: the child sees all completed parent turns and none of the in-flight turn', async () => {
    const { child, parentAtFork } = await forkAfterOneTurn();
    const lastTurnEnd = parentAtFork.map((event) => event.type).lastIndexOf('turn/end');
    const seedLength = child.session.header.seedLength!;
    expect(seedLength).toBe(lastTurnEnd + 1);
    expect(child.session.events.slice(0, seedLength)).toEqual(parentAtFork.slice(0, seedLength));
    expect(child.session.events[seedLength]!.type).toBe('session/end-seed');
    // Balanced: every seeded call has its result.
    const seed = child.session.events.slice(0, seedLength);
    expect(callIds(seed, 'tool/call')).toEqual(callIds(seed, 'tool/result'));
    const texts = JSON.stringify(child.requests[0]!.model.messages);
    expect(texts).toContain('The echo said PLUM.');
    expect(texts).not.toContain('Fork a child to recall the echo');
  });

  it('if the parent has not completed a turn yet, the seed is empty and the child behaves like a fresh spawn', async () => {
    const run = async (tool: 'subagent' | 'subagent_fork') => {
      const model = new ScriptedModel([callStep(tool, { description: 'first turn', prompt: TASK }), textStep('nothing to recall'), textStep('DONE')]);
      const { host, createParent } = smallHost(model);
      const parent = createParent();
      let child: AgentHandle | undefined;
      host.onAgentPublished((agent) => (child = agent));
      await prompt(parent, 'Delegate right away.');
      return child!;
    };
    const forked = await run('subagent_fork');
    const spawned = await run('subagent');
    expect(forked.session.header.seedLength).toBeUndefined();
    expect(forked.session.events.some((event) => event.type === 'session/end-seed')).toBe(false);
    expect(forked.requests[0]!.prefix.segments.map((segment) => segment.hash)).toEqual(spawned.requests[0]!.prefix.segments.map((segment) => segment.hash));
    const types = (agent: AgentHandle) => agent.session.events.map((event) => event.type);
    expect(types(forked)).toEqual(types(spawned));
  });

  it("the seed transfers conversation history only: the child still receives a fresh flat registration scope and inherits none of the parent's tool restrictions or authority", async () => {
    const model = new ScriptedModel([textStep('ok'), callStep('subagent_fork', { description: 'check tools', prompt: TASK }), textStep('child'), textStep('DONE')]);
    const { host, createParent } = smallHost(model);
    const parent = createParent();
    parent.scope.restrict({ deny: ['echo'] });
    parent.scope.section({ name: 'deployment:persona', order: 0, text: 'You are the restricted coordinator.' });
    let child: AgentHandle | undefined;
    host.onAgentPublished((agent) => (child = agent));
    await prompt(parent, 'first');
    await prompt(parent, 'fork');
    expect(child!.scope.filter).toBeUndefined();
    expect(child!.scope.sections.map((section) => section.name)).toEqual([]);
    expect(child!.requests[0]!.head.tools.map((tool) => tool.name)).toContain('echo');
    expect(child!.requests[0]!.head.sections.find((section) => section.name === 'deployment:persona')!.text).not.toBe('You are the restricted coordinator.');
    // Authority is fixed at the boundary: the delegated approval policy, logged after the seed.
    const seedEnd = child!.session.events.findIndex((event) => event.type === 'session/end-seed');
    expect(child!.session.events[seedEnd + 1]).toMatchObject({ type: 'approval/policy', data: { policy: 'never', source: 'delegation' } });
  });
});
