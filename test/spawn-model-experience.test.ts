import { describe, expect, it } from 'vitest';
import { renderTypeScriptSdk, type AgentHandle, type DelegationToolConfigInput, type HostComposition, type ToolDefinition } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { callStep, lastToolResult, prompt, smallComposition, smallHost, textStep } from './support/runtime-scenario.js';
import { compareWithCause } from './support/compare-with-cause.js';

const TASK = 'Summarise the module layout in one sentence.';

/** A parent that delegates TASK through the `subagent` tool (spawn) and then answers DONE. */
async function delegateOnce(childSteps = [textStep('The layout is flat.')], options: { composition?: HostComposition; history?: boolean } = {}) {
  const history = options.history ? [textStep('Noted.')] : [];
  const model = new ScriptedModel([...history, callStep('subagent', { description: 'Summarise layout', prompt: TASK }), ...childSteps, textStep('DONE')]);
  const { host, createParent } = smallHost(model, options.composition);
  const parent = createParent();
  let child: AgentHandle | undefined;
  host.onAgentPublished((agent) => {
    if (agent.parent === parent) child = agent;
  });
  if (options.history) await prompt(parent, 'The secret word is QUINCE.');
  await prompt(parent, 'Delegate the summary, then say DONE.');
  model.assertConsumed();
  return { parent, child: child!, model };
}

const RUN_CODE: ToolDefinition = {
  name: 'run_code',
  description: 'Run a TypeScript program that calls tools through the SDK.',
  parameters: { type: 'object', properties: { code: { type: 'string' }, description: { type: 'string' } }, required: ['code', 'description'] },
  execute: async () => 'ran',
};

/** The small composition under Code Mode (schemas and SDK), with an optional config of its spawn tool. */
const withCodeMode = (subagent?: DelegationToolConfigInput): HostComposition => ({
  ...smallComposition(subagent === undefined ? {} : { subagent }),
  codeMode: { presentation: 'both', transport: RUN_CODE, renderSdk: renderTypeScriptSdk },
});

describe('spawn: Model Experience — child-agent request', () => {
  it('the fresh child receives the standalone task content verbatim, inherits the parent model and workspace by default, and sees the global prompt with any configured child-scoped persona shadow', async () => {
    const { parent, child } = await delegateOnce();
    const request = child.requests[0]!.model;
    expect(request.messages[0]!.content).toEqual([{ type: 'text', text: TASK }]);
    expect(request.config).toEqual(parent.config);
    expect(child.cwd).toBe(parent.cwd);
    expect(request.system).toBe(parent.requests[0]!.model.system);
    const persona = await delegateOnce(undefined, { composition: smallComposition({ subagent: { provider: 'spawn', persona: 'You are a reviewer in {{cwd}}.' } }) });
    const sections = persona.child.requests[0]!.head.sections;
    expect(sections.find((section) => section.name === 'deployment:persona')).toEqual({ name: 'deployment:persona', order: 0, text: 'You are a reviewer in /work/project.' });
    expect(sections.filter((section) => section.name === 'deployment:persona')).toHaveLength(1);
  });

  it('a tool filter removes global wire schemas, executable lookup, and Code Mode SDK bindings for that child but leaves independently registered guidance', async () => {
    const base = smallComposition({ subagent: { provider: 'spawn', toolFilter: { deny: ['echo'] } } });
    const composition: HostComposition = { ...base, codeMode: { presentation: 'both', transport: RUN_CODE, renderSdk: renderTypeScriptSdk } };
    const childSteps = [callStep('echo', { text: 'hi' }, 'call_child_echo'), textStep('could not echo')];
    const { parent, child } = await delegateOnce(childSteps, { composition });
    const head = child.requests[0]!.head;
    expect(head.tools.map((tool) => tool.name)).not.toContain('echo');
    expect(parent.requests[0]!.head.tools.map((tool) => tool.name)).toContain('echo');
    const sdk = (agent: AgentHandle) => agent.requests[0]!.head.sections.find((section) => section.name === 'tools:sdk')!.text;
    expect(sdk(parent)).toContain('\n  echo: ');
    expect(sdk(child)).not.toContain('\n  echo: ');
    expect(head.sections.map((section) => section.name)).toContain('tool:echo');
    // Executable lookup: the model's direct call to the filtered tool fails.
    expect(lastToolResult(child)).toEqual({ text: "Error: unknown tool 'echo': it is not visible to this agent", isError: true });
  });

  it('it receives zero parent conversation messages; the filter is visibility/composition, not an authority grant inherited from the parent', async () => {
    const { parent, child } = await delegateOnce(undefined, { history: true });
    // The parent had a whole completed turn; the child's first request holds only its task and context.
    expect(parent.requests.at(-2)!.model.messages.length).toBeGreaterThan(2);
    expect(child.requests[0]!.model.messages.map((message) => message.source?.kind)).toEqual(['user', 'plugin']);
    expect(JSON.stringify(child.requests[0]!.model.messages)).not.toContain('QUINCE');
  });

  it("the parent's own restriction is not inherited: a restricted parent's child sees the full global tool layer", async () => {
    const model = new ScriptedModel([callStep('subagent', { description: 'd', prompt: TASK }), textStep('child'), textStep('DONE')]);
    const { host, createParent } = smallHost(model);
    const parent = createParent();
    parent.scope.restrict({ deny: ['echo', 'note'] });
    let child: AgentHandle | undefined;
    host.onAgentPublished((agent) => (child = agent));
    await prompt(parent, 'go');
    expect(parent.requests[0]!.head.tools.map((tool) => tool.name)).toEqual(['subagent', 'subagent_fork']);
    expect(child!.requests[0]!.head.tools.map((tool) => tool.name)).toEqual(['echo', 'note', 'subagent', 'subagent_fork']);
  });
});

describe('spawn: Model Experience — token and KV-cache effect', () => {
  it('the child pays for a new independent context and history; no parent-history tokens are duplicated', async () => {
    const { parent, child } = await delegateOnce(undefined, { history: true });
    const parentMessages = parent.requests.at(-2)!.prefix.segments.filter((segment) => segment.kind === 'message');
    const childText = child.requests[0]!.prefix.segments.map((segment) => segment.text).join('');
    for (const segment of parentMessages) expect(childText).not.toContain(segment.text);
  });

  it("persona changes this child's repeated prompt cost, while filtering changes its schema or generated SDK cost", async () => {
    const bytes = (agent: AgentHandle, kind: string) => agent.requests[0]!.prefix.segments.filter((segment) => segment.kind === kind).reduce((total, segment) => total + segment.byteLength, 0);
    const plain = (await delegateOnce()).child;
    const persona = (await delegateOnce(undefined, { composition: smallComposition({ subagent: { provider: 'spawn', persona: 'You are a meticulous reviewer. Read every file the task names, compare it with the design notes, list each inconsistency with its path and line, and finish with one sentence of verdict.' } }) })).child;
    const filtered = (await delegateOnce(undefined, { composition: smallComposition({ subagent: { provider: 'spawn', toolFilter: { deny: ['echo'] } } }) })).child;
    expect(bytes(persona, 'system')).toBeGreaterThan(bytes(plain, 'system'));
    expect(bytes(persona, 'tool')).toBe(bytes(plain, 'tool'));
    expect(bytes(filtered, 'tool')).toBeLessThan(bytes(plain, 'tool'));
    expect(bytes(filtered, 'system')).toBe(bytes(plain, 'system'));
    // Under Code Mode the filter also shrinks the generated SDK block the child pays for.
    const sdkPlain = (await delegateOnce(undefined, { composition: withCodeMode() })).child;
    const sdkFiltered = (await delegateOnce(undefined, { composition: withCodeMode({ provider: 'spawn', toolFilter: { deny: ['echo'] } }) })).child;
    expect(bytes(sdkPlain, 'sdk')).toBeGreaterThan(0);
    expect(bytes(sdkFiltered, 'sdk')).toBeLessThan(bytes(sdkPlain, 'sdk'));
  });

  it('independent of the parent request cache: child history grows append-only, while persona, tool-filter, provider or model changes establish a different child prefix', async () => {
    const { parent, child } = await delegateOnce([callStep('note', { text: 'x' }, 'call_child_note'), textStep('noted it')]);
    const [first, second] = child.requests;
    expect(compareWithCause(first!.prefix, second!.prefix).commonPrefix.segments).toBe(first!.prefix.segments.length);
    const routed = (await delegateOnce(undefined, { composition: smallComposition({ subagent: { provider: 'spawn', agentOptions: { model: 'deepseek-v4-pro' } } }) })).child;
    expect(compareWithCause(parent.requests[0]!.prefix, routed.requests[0]!.prefix).divergence).toMatchObject({ cause: 'route' });
    const persona = (await delegateOnce(undefined, { composition: smallComposition({ subagent: { provider: 'spawn', persona: 'Other persona.' } }) })).child;
    expect(compareWithCause(child.requests[0]!.prefix, persona.requests[0]!.prefix).divergence).toMatchObject({ name: 'deployment:persona' });
    // Tool filter, generated SDK and provider each establish their own child prefix too.
    const filtered = (await delegateOnce(undefined, { composition: smallComposition({ subagent: { provider: 'spawn', toolFilter: { deny: ['echo'] } } }) })).child;
    expect(compareWithCause(child.requests[0]!.prefix, filtered.requests[0]!.prefix).divergence).toMatchObject({ cause: 'tool-filter', name: 'echo', kind: 'tool' });
    const sdkPlain = (await delegateOnce(undefined, { composition: withCodeMode() })).child;
    const sdkFiltered = (await delegateOnce(undefined, { composition: withCodeMode({ provider: 'spawn', toolFilter: { deny: ['echo'] } }) })).child;
    expect(compareWithCause(sdkPlain.requests[0]!.prefix, sdkFiltered.requests[0]!.prefix).divergence).toMatchObject({ cause: 'sdk', kind: 'sdk', name: 'tools:sdk' });
    const otherProvider = (await delegateOnce(undefined, { composition: smallComposition({ subagent: { provider: 'spawn', agentOptions: { provider: 'deepseek-beta' } } }) })).child;
    expect(otherProvider.requests[0]!.model.config.provider).toBe('deepseek-beta');
    const routed2 = compareWithCause(child.requests[0]!.prefix, otherProvider.requests[0]!.prefix);
    expect(routed2.divergence).toMatchObject({ cause: 'route', index: 0 });
    expect(routed2.commonPrefix).toEqual({ segments: 0, bytes: 0, tokens: 0 });
  });
});

describe('spawn: Model Experience — parent tool result, indirectly', () => {
  it("through the delegation tool, the parent receives only the child's final output or stop-reason error", async () => {
    const ok = await delegateOnce([callStep('note', { text: 'draft' }, 'call_child_note'), textStep('The layout is flat.')]);
    expect(lastToolResult(ok.parent)).toEqual({ text: 'The layout is flat.', isError: false });
    const cut = await delegateOnce([{ text: 'partial answ', finish: { kind: 'max-tokens' } }]);
    expect(lastToolResult(cut.parent)).toEqual({ text: 'Error: subagent run hit its token limit before finishing\nPartial output before the run ended:\npartial answ', isError: true });
  });

  it('parent input grows by one data-dependent result, appended after the reusable request prefix', async () => {
    const { parent } = await delegateOnce();
    const [calling, answering] = parent.requests;
    const comparison = compareWithCause(calling!.prefix, answering!.prefix);
    expect(comparison.commonPrefix.segments).toBe(calling!.prefix.segments.length);
    const added = answering!.prefix.segments.slice(calling!.prefix.segments.length);
    expect(added.map((segment) => segment.meta?.role)).toEqual(['assistant', 'tool']);
    expect(added[1]!.text).toContain('The layout is flat.');
  });
});
