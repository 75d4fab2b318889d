import { describe, expect, it } from 'vitest';
import type { AgentHandle, ToolDefinition, ToolExecution } from '../src/providers/index.js';
import { AgentHost, JobRegistry, createForkProvider, createSpawnProvider } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { callStep, deterministicSources, lastToolResult, prompt, ROUTE, smallComposition, smallHost, textStep } from './support/runtime-scenario.js';

// Issue 7 §5, authority: what a child may do is fixed when it starts. A tool its filter removes is
// not executed however the model asks for it; what a child's tools receive offers no way to register
// a subagent provider or to register into the parent's scope: not by its type, and not at runtime
// through a cast (the walk below).
const TASK = 'Recall the fruit.';

/** The small composition with `echo` counting its executions. */
function countingEcho(): { composition: ReturnType<typeof smallComposition>; calls: string[] } {
  const calls: string[] = [];
  const base = smallComposition();
  const tools = base.tools.map((tool): ToolDefinition => (tool.name === 'echo' ? { ...tool, execute: async (_args, execution) => (calls.push(execution.agentId), 'echoed') } : tool));
  return { composition: { ...base, tools }, calls };
}

describe('a child\'s authority', () => {
  it.each(['spawn', 'fork'] as const)('%s: a tool removed by the child\'s filter is never executed, though the model calls it', async (provider) => {
    const { composition, calls } = countingEcho();
    const model = new ScriptedModel([callStep('echo', { text: 'x' }, 'call_child_echo'), textStep('QUINCE')]);
    const { host, createParent } = smallHost(model, composition);
    const parent = createParent();
    const run = await host.subagents.start(provider, { parent, prompt: [{ type: 'text', text: TASK }], signal: new AbortController().signal, toolFilter: { deny: ['echo'] } });
    expect((await run.result).stopReason).toBe('completed');
    model.assertConsumed();
    expect(calls).toEqual([]);
    expect(lastToolResult(run.localAgent)).toEqual({ text: "Error: unknown tool 'echo': it is not visible to this agent", isError: true });
    // The parent, unfiltered, still runs it: the filter is the child's alone.
    model.push(callStep('echo', { text: 'y' }, 'call_parent_echo'), textStep('done'));
    await prompt(parent, 'echo y');
    model.assertConsumed();
    expect(calls).toEqual([parent.id]);
    await run.dispose();
  });

  it('a child\'s registrations land in its own scope: the parent\'s scope is unchanged by a continuable child\'s report tool', async () => {
    const model = new ScriptedModel([textStep('reported')]);
    const { host, createParent } = smallHost(model);
    const parent = createParent();
    const before = { tools: [...parent.scope.tools], sections: [...parent.scope.sections], contexts: [...parent.scope.contexts] };
    const child = await host.subagents.startContinuable('spawn', { parent, prompt: [{ type: 'text', text: TASK }], signal: new AbortController().signal });
    await child.settled;
    model.assertConsumed();
    expect(child.agent.scope.tools.map((tool) => tool.name)).toContain('report');
    expect(child.agent.scope).not.toBe(parent.scope);
    expect({ tools: [...parent.scope.tools], sections: [...parent.scope.sections], contexts: [...parent.scope.contexts] }).toEqual(before);
    await child.dispose();
  });

  it.each(['spawn', 'fork'] as const)("%s: walking every property a child's tool receives reaches no agent, host, parent, registry or register function", async (provider) => {
    const reached: { execution: ToolExecution; found: Map<unknown, string> }[] = [];
    const probe: ToolDefinition = {
      name: 'probe',
      description: 'Walk what the tool receives.',
      parameters: { type: 'object', properties: {} },
      execute: async (_args, execution) => (reached.push({ execution, found: walk(execution) }), 'walked'),
    };
    const base = smallComposition();
    const jobs = new JobRegistry();
    const model = new ScriptedModel([callStep('probe', {}, 'call_child_probe'), textStep('done')]);
    const host = new AgentHost({ composition: { ...base, tools: [...base.tools, probe] }, model, jobs, ...deterministicSources() });
    host.subagents.registerProvider(createSpawnProvider());
    host.subagents.registerProvider(createForkProvider());
    const parent = host.createAgent({ ...ROUTE, cwd: '/work/project' });
    const run = await host.subagents.start(provider, { parent, prompt: [{ type: 'text', text: TASK }], signal: new AbortController().signal });
    expect((await run.result).stopReason).toBe('completed');
    model.assertConsumed();
    expect(lastToolResult(run.localAgent)).toEqual({ text: 'walked', isError: false });

    const [{ execution, found }] = reached as [(typeof reached)[number]];
    // A cast finds nothing either: the facade has no agent field and cannot be given one.
    expect((execution as unknown as Record<string, unknown>)['agent']).toBeUndefined();
    expect(Object.isFrozen(execution) && Object.isFrozen(execution.subagents) && Object.isFrozen(execution.jobs)).toBe(true);
    expect(execution.agentId).toBe(run.localAgent.id);
    const forbidden = new Map<unknown, string>([
      [run.localAgent, 'the child agent'],
      [parent, 'the parent agent'],
      [host, 'the host'],
      [host.subagents, 'the subagent service (provider registry)'],
      [jobs, 'the job registry'],
      [run.localAgent.scope, "the child's scope"],
      [parent.scope, "the parent's scope"],
      [host.agents, 'the agent registry'],
    ]);
    const leaks = [...found].filter(([value]) => forbidden.has(value)).map(([value, where]) => `${forbidden.get(value)} at ${where}`);
    const registering = [...found].filter(([value]) => typeof value === 'function' && /register|publish/i.test((value as { name: string }).name)).map(([, where]) => where);
    const names = [...found.values()].filter((where) => /\.(agent|parent|host|localAgent|registerProvider|publish)$/.test(where));
    expect({ leaks, registering, names }).toEqual({ leaks: [], registering: [], names: [] });
    // The walk did reach the granted capabilities, so it is not vacuous.
    expect([...found.values()]).toEqual(expect.arrayContaining(['execution.subagents.start', 'execution.jobs.start', 'execution.signal']));
    await run.dispose();
  });

  it('what a child\'s tool receives cannot register a provider or register into the parent\'s scope (type-checked)', () => {
    // Never called: the type checker (npm test runs it first) rejects each marked line.
    const attempts = (execution: ToolExecution, agent: AgentHandle) => {
      // @ts-expect-error a tool receives no agent: only its id and the capabilities bound to it
      execution.agent;
      // @ts-expect-error the delegation capability starts children of the calling agent; it has no registerProvider
      execution.subagents.registerProvider;
      // @ts-expect-error nor can a tool name another parent for the child it starts
      void execution.subagents.start('spawn', { parent: agent, prompt: [], signal: new AbortController().signal });
      // @ts-expect-error an agent's scope is a read-only view: no restriction through it
      agent.scope.restrict;
    };
    expect(typeof attempts).toBe('function');
  });
});

/**
 * Every value reachable from `root` through own property names and symbols, prototypes included,
 * up to a bounded depth, with the first path that reached it. Getters run against the object they
 * were found on (a throwing getter is skipped: it yields nothing a tool could use either).
 */
function walk(root: object, maxDepth = 6): Map<unknown, string> {
  const found = new Map<unknown, string>([[root, 'execution']]);
  const queue: { value: object; where: string; depth: number }[] = [{ value: root, where: 'execution', depth: 0 }];
  while (queue.length > 0) {
    const { value, where, depth } = queue.shift()!;
    if (depth >= maxDepth) continue;
    for (let holder: object | null = value, hop = 0; holder !== null; holder = Object.getPrototypeOf(holder), hop++) {
      const prefix = hop === 0 ? where : `${where}.[[proto${hop}]]`;
      for (const key of [...Object.getOwnPropertyNames(holder), ...Object.getOwnPropertySymbols(holder)]) {
        let child: unknown;
        try {
          child = Reflect.get(holder, key, value);
        } catch {
          continue;
        }
        if ((typeof child !== 'object' && typeof child !== 'function') || child === null || found.has(child)) continue;
        const path = `${prefix}.${String(key)}`;
        found.set(child, path);
        queue.push({ value: child, where: path, depth: depth + 1 });
      }
    }
  }
  return found;
}
