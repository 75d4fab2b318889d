import { describe, expect, it } from 'vitest';
import { createSpawnProvider, SubagentRuntime, type SubagentProvider } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { smallHost } from './support/runtime-scenario.js';

describe('spawn: Capabilities and Config', () => {
  it('spawn advertises { outputSchema: true, depthLimit: true, toolFilter: true, persona: true } because it controls the child creation window', () => {
    const spawn = createSpawnProvider();
    expect(spawn.capabilities).toEqual({ outputSchema: true, depthLimit: true, toolFilter: true, persona: true });
    expect(spawn.inheritsParentContext).toBe(false);
    expect(typeof spawn.prepareContinuable).toBe('function');
  });

  it('`providerName` is the registry name on the subagent service (default `spawn`)', () => {
    const runtime = new SubagentRuntime();
    runtime.registerProvider(createSpawnProvider());
    runtime.registerProvider(createSpawnProvider({ providerName: 'spawn-secondary' }));
    expect(runtime.list()).toEqual(['spawn', 'spawn-secondary']);
  });

  it('can enforce all four features: a provider lacking one is refused before any child exists', async () => {
    const model = new ScriptedModel([]);
    const { host, createParent } = smallHost(model);
    const limited: SubagentProvider = { ...createSpawnProvider({ providerName: 'limited' }), capabilities: { outputSchema: false, depthLimit: false, toolFilter: false, persona: false } };
    host.subagents.registerProvider(limited);
    const parent = createParent();
    const published: string[] = [];
    host.onAgentPublished((agent) => published.push(agent.id));
    const base = { parent, prompt: [{ type: 'text' as const, text: 'task' }], signal: new AbortController().signal };
    for (const [extra, feature] of [
      [{ persona: 'p' }, 'persona'],
      [{ toolFilter: { deny: ['echo'] } }, 'toolFilter'],
      [{ maxDepth: 2 }, 'depthLimit'],
      [{ outputSchema: { type: 'object' } }, 'outputSchema'],
    ] as const) {
      await expect(host.subagents.start('limited', { ...base, ...extra })).rejects.toThrow(`cannot enforce ${feature}`);
    }
    expect(published).toEqual([]);
    model.assertConsumed();
    expect(model.requests).toEqual([]);
  });
});
