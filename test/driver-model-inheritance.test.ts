import { describe, expect, it } from 'vitest';
import { AgentHost, createForkProvider, createSpawnProvider } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { deterministicSources, prompt, smallComposition, textStep } from './support/runtime-scenario.js';
import { compareWithCause } from './support/compare-with-cause.js';

// Spawn README, Behavior: the child "receives parent working-directory/session lineage and inherits
// the parent model unless overridden"; fork README: model inheritance is shared with spawn. The
// parent here runs on a route no default could produce, so only real inheritance passes.
const PARENT_ROUTE = { provider: 'deepseek-beta', model: 'deepseek-v4-pro', maxTokens: 2048 } as const;
const PARENT_CWD = '/srv/checkouts/kvprefix';

function host(steps: number) {
  const model = new ScriptedModel(Array.from({ length: steps }, (_, index) => textStep(`answer ${index + 1}`)));
  const agentHost = new AgentHost({ composition: smallComposition(), model, ...deterministicSources() });
  agentHost.subagents.registerProvider(createSpawnProvider());
  agentHost.subagents.registerProvider(createForkProvider());
  return { model, host: agentHost, parent: agentHost.createAgent({ ...PARENT_ROUTE, cwd: PARENT_CWD }) };
}

describe('driver: a child inherits its parent\'s route and working directory unless overridden', () => {
  it.each(['spawn', 'fork'] as const)('%s: same provider, model, output cap and cwd; requests on the parent\'s route', async (provider) => {
    const { model, host: agentHost, parent } = host(2);
    await prompt(parent, 'Remember the colour TEAL.');
    const run = await agentHost.subagents.start(provider, { parent, prompt: [{ type: 'text', text: 'Which colour?' }], signal: new AbortController().signal });
    await run.result;
    model.assertConsumed();
    const child = run.localAgent;
    expect(child.config).toEqual(PARENT_ROUTE);
    expect(child.cwd).toBe(PARENT_CWD);
    expect(child.session.header).toMatchObject({ cwd: PARENT_CWD, parentSession: parent.id, delegationDepth: 1 });
    expect(model.requests[1]!.config).toEqual(PARENT_ROUTE);
    expect(child.requests[0]!.prefix.route).toEqual({ provider: 'deepseek-beta', model: 'deepseek-v4-pro' });
    // The persona template renders the inherited model and cwd.
    expect(child.requests[0]!.model.system).toContain('powered by the deepseek-v4-pro model. Your working directory is /srv/checkouts/kvprefix.');
    // Same route: the child's head is reusable from the parent's cache.
    expect(compareWithCause(parent.requests[0]!.prefix, child.requests[0]!.prefix).divergence?.cause).not.toBe('route');
    await run.dispose();
  });

  it.each(['spawn', 'fork'] as const)('%s: agentOptions override each field on its own, keeping the rest inherited', async (provider) => {
    const { host: agentHost, parent } = host(3);
    await prompt(parent, 'Remember the colour TEAL.');
    const start = (agentOptions: { provider?: string; model?: string; maxTokens?: number }) =>
      agentHost.subagents.start(provider, { parent, prompt: [{ type: 'text', text: 'Which colour?' }], signal: new AbortController().signal, agentOptions });
    const byModel = await start({ model: 'deepseek-v4-flash' });
    const byCap = await start({ maxTokens: 64 });
    await Promise.all([byModel.result, byCap.result]);
    expect(byModel.localAgent.config).toEqual({ ...PARENT_ROUTE, model: 'deepseek-v4-flash' });
    expect(byCap.localAgent.config).toEqual({ ...PARENT_ROUTE, maxTokens: 64 });
    // A model override is a route change: the child shares nothing of the parent's cache.
    expect(compareWithCause(parent.requests[0]!.prefix, byModel.localAgent.requests[0]!.prefix).divergence).toMatchObject({ cause: 'route', index: 0 });
    await Promise.all([byModel.dispose(), byCap.dispose()]);
  });
});
