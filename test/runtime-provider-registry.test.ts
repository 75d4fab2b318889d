import { describe, expect, it } from 'vitest';
import { createForkProvider, createSpawnProvider, SubagentError, SubagentRuntime, type SubagentEventName } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { smallHost, textStep } from './support/runtime-scenario.js';

describe('runtime: the provider registry', () => {
  it('`registerProvider` returns a disposer; `get` and `list` follow registration, in insertion order', () => {
    const runtime = new SubagentRuntime();
    const removeFork = runtime.registerProvider(createForkProvider());
    runtime.registerProvider(createSpawnProvider());
    expect(runtime.list()).toEqual(['fork', 'spawn']);
    expect(runtime.get('fork')!.inheritsParentContext).toBe(true);
    expect(runtime.getProvider('fork')).toBe(runtime.get('fork'));
    removeFork();
    removeFork();
    expect(runtime.list()).toEqual(['spawn']);
    expect(runtime.getProvider('fork')).toBeUndefined();
  });

  it('fails loud on a duplicate name, and a stale disposer never removes a same-name replacement', () => {
    const runtime = new SubagentRuntime();
    const first = runtime.registerProvider(createSpawnProvider());
    expect(() => runtime.registerProvider(createSpawnProvider())).toThrow(new SubagentError('subagent/duplicate-provider', 'a subagent provider named "spawn" is already registered: give each provider instance a distinct providerName'));
    first();
    const replacement = createSpawnProvider();
    runtime.registerProvider(replacement);
    first();
    expect(runtime.getProvider('spawn')).toBe(replacement);
  });

  it('emits provider-added and provider-removed', () => {
    const runtime = new SubagentRuntime();
    const seen: string[] = [];
    runtime.on('subagent/provider-added', ({ provider }) => seen.push(`added ${provider.name}`));
    runtime.on('subagent/provider-removed', ({ name }) => seen.push(`removed ${name}`));
    runtime.registerProvider(createForkProvider())();
    expect(seen).toEqual(['added fork', 'removed fork']);
  });

  it('emits run start before run end for every started run, with the provider name it was started on', async () => {
    const model = new ScriptedModel([textStep('done')]);
    const { host, createParent } = smallHost(model);
    const events: [SubagentEventName, string][] = [];
    host.subagents.on('subagent/start', (event) => events.push(['subagent/start', `${event.provider} ${event.childSessionId} local=${event.local}`]));
    host.subagents.on('subagent/end', (event) => events.push(['subagent/end', `${event.provider} ${event.stopReason} ${event.lastAssistantMessage}`]));
    const parent = createParent();
    const run = await host.subagents.start('spawn', { parent, prompt: [{ type: 'text', text: 'go' }], signal: new AbortController().signal });
    await run.result;
    await run.dispose();
    await Promise.resolve();
    model.assertConsumed();
    expect(events).toEqual([
      ['subagent/start', `spawn ${run.id} local=true`],
      ['subagent/end', 'spawn completed done'],
    ]);
  });

  it('contains a throwing listener: peers still run and the failure is reported, not thrown', () => {
    const runtime = new SubagentRuntime();
    const failures: unknown[] = [];
    runtime.onListenerError = (error) => failures.push(error);
    const seen: string[] = [];
    runtime.on('subagent/provider-added', () => {
      throw new Error('listener bug');
    });
    runtime.on('subagent/provider-added', ({ provider }) => seen.push(provider.name));
    expect(() => runtime.registerProvider(createSpawnProvider())).not.toThrow();
    expect(seen).toEqual(['spawn']);
    expect(failures).toEqual([new Error('listener bug')]);
  });

  it('rejects an unknown provider name with the registered names', async () => {
    const model = new ScriptedModel([]);
    const { host, createParent } = smallHost(model);
    await expect(host.subagents.start('acp', { parent: createParent(), prompt: [], signal: new AbortController().signal })).rejects.toThrow('subagent provider "acp" is not registered (registered: spawn, fork)');
    // Refused before any child existed: the model was never called.
    model.assertConsumed();
    expect(model.requests).toEqual([]);
  });
});
