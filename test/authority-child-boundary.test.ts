import { describe, expect, it } from 'vitest';
import type { AgentHandle, ToolDefinition, ToolExecution } from '../src/providers/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { callStep, lastToolResult, prompt, smallComposition, smallHost, textStep } from './support/runtime-scenario.js';

// Issue 7 §5, authority: what a child may do is fixed when it starts. A tool its filter removes is
// not executed however the model asks for it; what a child's tools receive offers no way to register
// a subagent provider or to register into the parent's scope (checked by the type checker below).
const TASK = 'Recall the fruit.';

/** The small composition with `echo` counting its executions. */
function countingEcho(): { composition: ReturnType<typeof smallComposition>; calls: string[] } {
  const calls: string[] = [];
  const base = smallComposition();
  const tools = base.tools.map((tool): ToolDefinition => (tool.name === 'echo' ? { ...tool, execute: async (_args, execution) => (calls.push(execution.agent.id), 'echoed') } : tool));
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

  it('what a child\'s tool receives cannot register a provider or register into the parent\'s scope (type-checked)', () => {
    // Never called: the type checker (npm test runs it first) rejects each marked line.
    const attempts = (execution: ToolExecution, agent: AgentHandle) => {
      // @ts-expect-error the subagent service a tool reaches starts runs; it has no registerProvider
      execution.agent.host.subagents.registerProvider;
      // @ts-expect-error an agent's scope is a read-only view: no tool registration through it
      execution.agent.parent?.scope.tool;
      // @ts-expect-error no restriction through it either
      agent.scope.restrict;
    };
    expect(typeof attempts).toBe('function');
  });
});
