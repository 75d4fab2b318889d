import { describe, expect, it } from 'vitest';
import { createForkProvider, createSpawnProvider, SubagentRuntime, type AgentHandle, type SubagentStartRequest } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { prompt, smallHost, textStep } from './support/runtime-scenario.js';

/** A parent with one completed turn, ready to fork. */
async function parentWithHistory(childSteps = [textStep('recalled')]) {
  const model = new ScriptedModel([textStep('Noted: the colour is TEAL.'), ...childSteps]);
  const { host, createParent } = smallHost(model);
  const parent = createParent();
  await prompt(parent, 'Remember the colour TEAL.');
  const request = (extra: Partial<SubagentStartRequest> = {}): SubagentStartRequest => ({
    parent,
    prompt: [{ type: 'text', text: 'Which colour?' }],
    signal: new AbortController().signal,
    ...extra,
  });
  return { host, parent, request, fork: host.subagents.getProvider('fork')!, model };
}

describe('fork: Start and capabilities', () => {
  it('`start(request)` passes the completed-turn seed to `startInProcessRun` and awaits child publication', async () => {
    const { host, parent, request, fork } = await parentWithHistory();
    const run = await fork.start(request());
    expect(host.agents.get(run.id)).toBe(run.localAgent);
    const seedLength = run.localAgent.session.header.seedLength!;
    expect(seedLength).toBe(parent.session.events.length);
    expect(run.localAgent.session.events.slice(0, seedLength)).toEqual(parent.session.events);
    await run.result;
    await run.dispose();
  });

  it('the shared driver owns cancellation, depth, customization, result reading, and disposal', async () => {
    const { host, request, fork } = await parentWithHistory([{ text: 'never sent', before: (_request, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))) }]);
    const aborted = new AbortController();
    aborted.abort(new Error('parent turn cancelled'));
    await expect(fork.start(request({ signal: aborted.signal }))).rejects.toThrow('subagent request was aborted before child publication');
    await expect(fork.start(request({ maxDepth: 0 }))).rejects.toThrow('subagent depth 1 exceeds maxDepth 0');
    const live = new AbortController();
    const run = await fork.start(request({ signal: live.signal, persona: 'Fork persona.' }));
    expect(run.localAgent.scope.sections.map((section) => section.name)).toEqual(['deployment:persona']);
    live.abort(new Error('stop'));
    expect(await run.result).toEqual({ output: [], stopReason: 'aborted' });
    await run.dispose();
    expect(host.agents.has(run.id)).toBe(false);
  });

  it('fork advertises { outputSchema: true, depthLimit: true, toolFilter: true, persona: true }, identical to spawn', () => {
    expect(createForkProvider().capabilities).toEqual({ outputSchema: true, depthLimit: true, toolFilter: true, persona: true });
    expect(createForkProvider().capabilities).toEqual(createSpawnProvider().capabilities);
    expect(createForkProvider().inheritsParentContext).toBe(true);
  });

  it('`providerName` is the registry name on the subagent service (default `fork`)', () => {
    const runtime = new SubagentRuntime();
    runtime.registerProvider(createForkProvider());
    runtime.registerProvider(createForkProvider({ providerName: 'fork-review' }));
    expect(runtime.list()).toEqual(['fork', 'fork-review']);
    expect(runtime.getProvider('fork-review')!.name).toBe('fork-review');
  });

  it('the run lifecycle, model inheritance, and depth tracking are those of spawn — all shared', async () => {
    const { parent, request, host } = await parentWithHistory([textStep('A'), textStep('B')]);
    const inherited = await host.subagents.start('fork', request());
    expect(await inherited.result).toEqual({ output: [{ type: 'text', text: 'A' }], stopReason: 'completed' });
    expect(inherited.localAgent.config).toEqual(parent.config);
    expect(inherited.localAgent.session.header).toMatchObject({ cwd: parent.cwd, parentSession: parent.id, delegationDepth: parent.delegationDepth + 1 });
    const overridden = await host.subagents.start('fork', request({ agentOptions: { model: 'deepseek-v4-pro', maxTokens: 256 } }));
    await overridden.result;
    expect(overridden.localAgent.config).toEqual({ provider: parent.config.provider, model: 'deepseek-v4-pro', maxTokens: 256 });
    expect(overridden.localAgent.requests[0]!.model.config.model).toBe('deepseek-v4-pro');
    // Depth is checked against the child's own depth: a fork of a depth-1 child is depth 2.
    await expect(host.subagents.start('fork', { ...request(), parent: inherited.localAgent, maxDepth: 1 })).rejects.toThrow('subagent depth 2 exceeds maxDepth 1');
    await Promise.all([inherited.dispose(), overridden.dispose()]);
    expect(host.agents.has(inherited.id) || host.agents.has(overridden.id)).toBe(false);
  });

  it('it shares all run mechanics with spawn; the session seed is the only behavioral difference', async () => {
    const { parent, request, host, model } = await parentWithHistory([textStep('A'), textStep('A')]);
    const forked = await host.subagents.start('fork', request());
    await forked.result;
    const spawned = await host.subagents.start('spawn', request());
    await spawned.result;
    model.assertConsumed();
    const ownTypes = (agent: AgentHandle) => agent.session.events.slice((agent.session.header.seedLength ?? -1) + 1).map((event) => event.type);
    // Spawn's fresh log writes a session title (its first prompt); the seeded fork inherited the parent's.
    expect(ownTypes(forked.localAgent)).toEqual(ownTypes(spawned.localAgent).filter((type) => type !== 'session/title' && type !== 'request/context'));
    expect(forked.localAgent.requests[0]!.head.system).toBe(spawned.localAgent.requests[0]!.head.system);
    expect(forked.localAgent.requests[0]!.model.messages.length).toBe(parent.requests[0]!.model.messages.length + 1 + 2);
    expect(spawned.localAgent.requests[0]!.model.messages.length).toBe(2);
  });
});
