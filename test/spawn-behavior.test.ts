import { describe, expect, it } from 'vitest';
import { SubagentError, type SubagentStartRequest } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { smallHost, textStep } from './support/runtime-scenario.js';

/** A spawn request from a fresh top-level parent. */
function setup(steps = [textStep('CHILD_OK')]) {
  const model = new ScriptedModel(steps);
  const { host, createParent, unregister } = smallHost(model);
  const parent = createParent({ maxTokens: 4096 });
  const request = (extra: Partial<SubagentStartRequest> = {}): SubagentStartRequest => ({
    parent,
    prompt: [{ type: 'text', text: 'Reply with exactly the word CHILD_OK and nothing else.' }],
    label: 'Reply with CHILD_OK',
    signal: new AbortController().signal,
    ...extra,
  });
  return { model, host, parent, request, unregister, spawn: host.subagents.getProvider('spawn')! };
}

describe('spawn: Behavior', () => {
  it('`start(request)` delegates to `startInProcessRun` with no seed and awaits publication before returning', async () => {
    const { host, request, spawn, model } = setup();
    const run = await spawn.start(request());
    // Published by the time start fulfils, with no seed: no seedLength, no session/end-seed.
    expect(host.agents.get(run.id)).toBe(run.localAgent);
    expect(run.localAgent.session.header.seedLength).toBeUndefined();
    expect(run.localAgent.session.events.some((event) => event.type === 'session/end-seed')).toBe(false);
    expect((await run.result).stopReason).toBe('completed');
    await run.dispose();
    model.assertConsumed();
  });

  it('the child receives parent working-directory/session lineage and inherits the parent model unless overridden, but starts with an empty conversation', async () => {
    const { parent, request, spawn, model } = setup([textStep('first'), textStep('second')]);
    const inherited = await spawn.start(request());
    await inherited.result;
    expect(inherited.localAgent.session.header).toMatchObject({ cwd: parent.cwd, parentSession: parent.id, delegationDepth: 1 });
    expect(inherited.localAgent.config).toEqual(parent.config);
    // Empty conversation: the first request holds the task and the runtime context, nothing else.
    const first = inherited.localAgent.requests[0]!.model.messages;
    expect(first.map((message) => message.source?.kind)).toEqual(['user', 'plugin']);
    const overridden = await spawn.start(request({ agentOptions: { model: 'deepseek-v4-pro', maxTokens: 512 } }));
    await overridden.result;
    expect(overridden.localAgent.config).toEqual({ provider: parent.config.provider, model: 'deepseek-v4-pro', maxTokens: 512 });
    expect(model.requests[1]!.config.model).toBe('deepseek-v4-pro');
    await Promise.all([inherited.dispose(), overridden.dispose()]);
    model.assertConsumed();
  });

  it('the shared driver owns depth checking, persona and tool-filter setup, structured output, required-signal cancellation, one-shot execution, result reading, and quiescent disposal', async () => {
    const { host, request, spawn, model } = setup([{ toolCalls: [{ id: 'so', name: 'structured_output', arguments: '{"answer":"42"}' }] }]);
    await expect(spawn.start(request({ maxDepth: 0 }))).rejects.toThrow('subagent depth 1 exceeds maxDepth 0');
    await expect(spawn.start(request({ signal: undefined as unknown as AbortSignal }))).rejects.toThrow(SubagentError);
    const run = await spawn.start(
      request({
        persona: 'You are a terse child.',
        toolFilter: { deny: ['note'] },
        outputSchema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'], additionalProperties: false },
      }),
    );
    const result = await run.result;
    const head = run.localAgent.requests[0]!.head;
    expect(head.sections.find((section) => section.name === 'deployment:persona')!.text).toBe('You are a terse child.');
    expect(head.tools.map((tool) => tool.name)).toEqual(['echo', 'structured_output', 'subagent', 'subagent_fork']);
    expect(result).toEqual({ output: [{ type: 'tool-call', id: 'so', name: 'structured_output', arguments: '{"answer":"42"}' }], stopReason: 'completed', structured: { answer: '42' } });
    // One-shot: one descriptor of mode one-shot, one task, one turn.
    const types = run.localAgent.session.events.map((event) => event.type);
    expect(types.filter((type) => type === 'turn/start')).toHaveLength(1);
    expect(run.localAgent.session.events.find((event) => event.type === 'subagent/descriptor')!.data).toEqual({ version: 2, mode: 'one-shot', provider: 'spawn', label: 'Reply with CHILD_OK' });
    await run.dispose();
    expect(run.localAgent.status).toBe('disposed');
    expect(host.agents.has(run.id)).toBe(false);
    // The two refused starts never reached the model; the one run used the one step.
    model.assertConsumed();
    expect(model.requests).toHaveLength(1);
  });

  it('a startup rejection leaves no published child; provider unload after fulfillment does not revoke the holder-owned run', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { host, request, unregister, model } = setup([{ ...textStep('still running'), before: () => held }]);
    const published: string[] = [];
    host.onAgentPublished((agent) => published.push(agent.id));
    await expect(host.subagents.start('spawn', request({ toolFilter: { allow: ['no_such_tool'] } }))).rejects.toThrow("toolFilter names 'no_such_tool'");
    expect(published).toEqual([]);
    const run = await host.subagents.start('spawn', request());
    // Unload the provider while the child's model call is still open.
    unregister.spawn();
    expect(host.subagents.getProvider('spawn')).toBeUndefined();
    await expect(host.subagents.start('spawn', request())).rejects.toThrow('subagent provider "spawn" is not registered');
    release();
    expect(await run.result).toEqual({ output: [{ type: 'text', text: 'still running' }], stopReason: 'completed' });
    await run.dispose();
    model.assertConsumed();
  });
});
