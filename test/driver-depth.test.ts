import { describe, expect, it } from 'vitest';
import { AgentHost, childDepth, createSpawnProvider, SubagentError, type AgentHandle } from '../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from "../src/testing/index.js";
import { callStep, deterministicSources, lastToolResult, prompt, ROUTE, smallComposition, textStep } from './support/runtime-scenario.js';

function nestedHost(steps: ScriptedStep[], maxDepth?: number | 'provider-managed') {
  const model = new ScriptedModel(steps);
  const composition = smallComposition({ subagent: { provider: 'spawn', ...(maxDepth === undefined ? {} : { maxDepth }) } });
  const host = new AgentHost({ composition, model, ...deterministicSources() });
  host.subagents.registerProvider(createSpawnProvider());
  return { model, host, parent: host.createAgent({ ...ROUTE, cwd: '/work/project' }) };
}

describe('driver: delegation depth', () => {
  it('derives the child depth as parent depth plus one and persists it in the child header, at every level', async () => {
    const depths: number[] = [];
    const { host, parent, model } = nestedHost([
      callStep('subagent', { description: 'level 1', prompt: 'delegate again' }, 'call_1'),
      callStep('subagent', { description: 'level 2', prompt: 'answer' }, 'call_2'),
      textStep('deepest'),
      textStep('middle'),
      textStep('top'),
    ]);
    host.onAgentPublished((agent: AgentHandle) => depths.push(agent.session.header.delegationDepth));
    await prompt(parent, 'start');
    model.assertConsumed();
    expect(depths).toEqual([1, 2]);
  });

  it('applies the delegation tool default maxDepth 3: a depth-3 agent may not start a depth-4 child, and reads the refusal as its tool result', async () => {
    const chain = [1, 2, 3, 4].map((level) => callStep('subagent', { description: `level ${level}`, prompt: 'delegate again' }, `call_${level}`));
    const { host, parent, model } = nestedHost([...chain, textStep('depth 3 answers'), textStep('depth 2 answers'), textStep('depth 1 answers'), textStep('top answers')]);
    const agents: AgentHandle[] = [];
    host.onAgentPublished((agent) => agents.push(agent));
    await prompt(parent, 'start');
    model.assertConsumed();
    expect(agents.map((agent) => agent.delegationDepth)).toEqual([1, 2, 3]);
    expect(lastToolResult(agents[2]!)).toEqual({ text: 'Error: subagent depth 4 exceeds maxDepth 3', isError: true });
  });

  it('`maxDepth: 0` forbids delegation: the tool stays visible and the attempt returns an errored result', async () => {
    const { parent, host } = nestedHost([callStep('subagent', { description: 'd', prompt: 'p' }), textStep('refused')], 0);
    const published: string[] = [];
    host.onAgentPublished((agent) => published.push(agent.id));
    await prompt(parent, 'try');
    expect(parent.requests[0]!.head.tools.map((tool) => tool.name)).toContain('subagent');
    expect(lastToolResult(parent)).toEqual({ text: 'Error: subagent depth 1 exceeds maxDepth 0', isError: true });
    expect(published).toEqual([]);
  });

  it("`'provider-managed'` sends no cap to the provider", async () => {
    const seen: (number | undefined)[] = [];
    const { parent, host } = nestedHost([callStep('subagent', { description: 'd', prompt: 'p' }), textStep('child'), textStep('done')], 'provider-managed');
    const spawn = host.subagents.getProvider('spawn')!;
    const original = spawn.start.bind(spawn);
    (spawn as { start: typeof spawn.start }).start = (request) => {
      seen.push(request.maxDepth);
      return original(request);
    };
    await prompt(parent, 'go');
    expect(seen).toEqual([undefined]);
  });

  it('rejects a malformed stored parent depth and an unrepresentable child depth, with DSH messages', () => {
    expect(() => childDepth(-1, undefined)).toThrow(new SubagentError('subagent/bad-depth', 'agent subagentDepth must be a non-negative safe integer'));
    expect(() => childDepth(1.5, undefined)).toThrow('agent subagentDepth must be a non-negative safe integer');
    expect(() => childDepth(Number.MAX_SAFE_INTEGER, undefined)).toThrow(expect.objectContaining({ code: 'subagent/depth-overflow', message: 'subagent child depth exceeds the safe-integer range' }));
    expect(() => childDepth(0, -1)).toThrow('maxDepth must be a non-negative safe integer');
  });
});
