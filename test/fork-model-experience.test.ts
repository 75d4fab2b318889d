import { describe, expect, it } from 'vitest';
import { REPORT_SECTION_TEXT, renderTypeScriptSdk, type AgentHandle, type DelegationToolConfigInput, type HostComposition, type ToolDefinition } from '../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { callStep, lastToolResult, prompt, settleAll, smallComposition, smallHost, textStep } from './support/runtime-scenario.js';
import { compareWithCause } from './support/compare-with-cause.js';

const FORK = { provider: 'fork', toolName: 'subagent_fork', enableRunInBackground: false } as const satisfies DelegationToolConfigInput;
const TASK = 'Which fruit did I name earlier? Answer with the word only.';
const RUN_CODE: ToolDefinition = {
  name: 'run_code',
  description: 'Run a TypeScript program that calls tools through the SDK.',
  parameters: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
  execute: async () => 'ran',
};

/** Parent turn 1 names a fruit; turn 2 forks with the given tool config; returns the forking request and the child. */
async function fork(
  config: DelegationToolConfigInput = FORK,
  childSteps: ScriptedStep[] = [textStep('QUINCE')],
  options: { codeMode?: boolean; firstTurn?: boolean; laterParentSteps?: ScriptedStep[] } = {},
) {
  const history = options.firstTurn ? [] : [textStep('Noted: QUINCE.')];
  const model = new ScriptedModel([...history, callStep('subagent_fork', { description: 'Recall fruit', prompt: TASK }), ...childSteps, textStep('PARENT_DONE'), ...(options.laterParentSteps ?? [])]);
  let composition: HostComposition = smallComposition({ fork: config });
  if (options.codeMode) composition = { ...composition, codeMode: { presentation: 'both', transport: RUN_CODE, renderSdk: renderTypeScriptSdk } };
  const { host, createParent } = smallHost(model, composition);
  const parent = createParent();
  let child: AgentHandle | undefined;
  host.onAgentPublished((agent) => {
    if (agent.parent === parent) child = agent;
  });
  if (!options.firstTurn) await prompt(parent, 'Remember the fruit QUINCE.');
  await prompt(parent, 'Fork a child to recall the fruit, then say PARENT_DONE.');
  await settleAll(host);
  model.assertConsumed();
  const forking = parent.requests.find((request) => request.model.messages.some((message) => message.content.some((block) => 'text' in block && block.text.startsWith('Fork a child'))))!;
  return { parent, child: child!, forking, comparison: compareWithCause(forking.prefix, child!.requests[0]!.prefix) };
}

describe('fork: Model Experience — child-agent history and envelope', () => {
  it("the child receives the parent's balanced completed-turn surface prefix, then the new task content verbatim", async () => {
    const { parent, child } = await fork();
    const completed = parent.requests[0]!.model.messages.length + 1; // the first request's input plus the answer
    const messages = child.requests[0]!.model.messages;
    expect(messages.slice(0, completed)).toEqual([...parent.requests[0]!.model.messages, messages[completed - 1]]);
    expect(messages[completed - 1]!.content).toEqual([{ type: 'text', text: 'Noted: QUINCE.' }]);
    expect(messages[completed]!.content).toEqual([{ type: 'text', text: TASK }]);
  });

  it('a configured persona shadows prompt text in the child\'s fresh scope; a tool restriction filters its global wire schemas, executable lookup, and Code Mode SDK bindings but not standalone guidance', async () => {
    const persona = await fork({ ...FORK, persona: 'You are the fork reviewer.' });
    expect(persona.child.requests[0]!.head.sections[1]).toEqual({ name: 'deployment:persona', order: 0, text: 'You are the fork reviewer.' });
    const filtered = await fork({ ...FORK, toolFilter: { deny: ['echo'] } }, [callStep('echo', { text: 'x' }, 'call_child_echo'), textStep('QUINCE')], { codeMode: true });
    const head = filtered.child.requests[0]!.head;
    expect(head.tools.map((tool) => tool.name)).toEqual(['note', 'run_code', 'subagent', 'subagent_fork']);
    const sdk = head.sections.find((section) => section.name === 'tools:sdk')!.text;
    expect(sdk).toContain('\n  note: ');
    expect(sdk).not.toContain('\n  echo: ');
    expect(head.sections.map((section) => section.name)).toContain('tool:echo');
    expect(lastToolResult(filtered.child)).toEqual({ text: "Error: unknown tool 'echo': it is not visible to this agent", isError: true });
  });

  it("the parent's tool view and authority are not inherited", async () => {
    const { parent, child } = await fork();
    expect(child.scope.filter).toBeUndefined();
    expect(child.scope.tools).toEqual([]);
    expect(parent.scope.contexts).toEqual([]);
    // Only what delegation itself gives every child: its statement and the `never` approval policy.
    expect(child.scope.contexts.map((context) => context.name)).toEqual(['subagent:delegation', 'approval:policy']);

    // A parent restricted to not see `echo`: its child still sees and runs `echo`, because the
    // restriction lives in the parent's scope and the seed carries history only.
    const model = new ScriptedModel([
      textStep('Noted: QUINCE.'),
      callStep('subagent_fork', { description: 'Recall fruit', prompt: TASK }),
      callStep('echo', { text: 'QUINCE' }, 'call_child_echo'),
      textStep('QUINCE'),
      textStep('PARENT_DONE'),
    ]);
    const restricted = smallHost(model);
    const restrictedParent = restricted.createParent();
    restrictedParent.scope.restrict({ deny: ['echo'] });
    let restrictedChild: AgentHandle | undefined;
    restricted.host.onAgentPublished((agent) => (restrictedChild = agent));
    await prompt(restrictedParent, 'Remember the fruit QUINCE.');
    await prompt(restrictedParent, 'Fork a child to recall the fruit, then say PARENT_DONE.');
    model.assertConsumed();
    expect(restrictedParent.requests.every((request) => !request.head.tools.some((tool) => tool.name === 'echo'))).toBe(true);
    expect(restrictedChild!.requests[0]!.head.tools.map((tool) => tool.name)).toContain('echo');
    expect(restrictedChild!.session.header.seedLength).toBeGreaterThan(0);
    expect(lastToolResult(restrictedChild!)).toEqual({ text: 'echo: QUINCE', isError: false });
  });

  it('an optional structured-output request adds its child-only contract', async () => {
    const { parent, child } = await fork(FORK);
    const model = new ScriptedModel([{ toolCalls: [{ id: 'so', name: 'structured_output', arguments: '{"fruit":"QUINCE"}' }] }]);
    const { host, createParent } = smallHost(model);
    const structuredParent = createParent();
    const run = await host.subagents.start('fork', {
      parent: structuredParent,
      prompt: [{ type: 'text', text: TASK }],
      signal: new AbortController().signal,
      outputSchema: { type: 'object', properties: { fruit: { type: 'string' } }, required: ['fruit'] },
    });
    expect((await run.result).structured).toEqual({ fruit: 'QUINCE' });
    const head = run.localAgent.requests[0]!.head;
    expect(head.tools.map((tool) => tool.name)).toContain('structured_output');
    expect(head.sections.at(-1)).toMatchObject({ name: 'tool:structured_output', order: 190 });
    for (const agent of [parent, child]) expect(agent.requests[0]!.head.tools.map((tool) => tool.name)).not.toContain('structured_output');
    // Child-only: the agent that started the structured child never sees the contract.
    expect(structuredParent.assembleHead().tools.map((tool) => tool.name)).not.toContain('structured_output');
    expect(structuredParent.assembleHead().sections.map((section) => section.name)).not.toContain('tool:structured_output');
    await run.dispose();
  });

  it("the parent's current in-flight turn is excluded", async () => {
    const { child } = await fork();
    const texts = JSON.stringify(child.requests[0]!.model.messages);
    expect(texts).not.toContain('Fork a child to recall the fruit');
    expect(texts).not.toContain('call_subagent_fork');
  });
});

describe('fork: Model Experience — token and KV-cache effect', () => {
  it('forking duplicates retained completed history into separate child requests; the child then accumulates its own tokens independently', async () => {
    const { forking, child } = await fork(FORK, [callStep('note', { text: 'q' }, 'call_child_note'), textStep('QUINCE')]);
    const history = forking.prefix.segments.filter((segment) => segment.kind === 'message').slice(0, -1);
    const childHashes = new Set(child.requests[0]!.prefix.segments.map((segment) => segment.prefixHash));
    for (const segment of history) expect(childHashes.has(segment.prefixHash)).toBe(true);
    const [first, second] = child.requests;
    expect(compareWithCause(first!.prefix, second!.prefix).commonPrefix.segments).toBe(first!.prefix.segments.length);
  });

  it('persona changes repeated prompt cost, filtering changes schema or generated SDK cost, and a first-turn fork has no inherited history', async () => {
    const bytes = (agent: AgentHandle, kind: string) => agent.requests[0]!.prefix.segments.filter((segment) => segment.kind === kind).reduce((total, segment) => total + segment.byteLength, 0);
    const plain = (await fork()).child;
    const persona = (await fork({ ...FORK, persona: 'You are a careful fork reviewer. Re-read every completed turn, check each claim against the workspace, list every inconsistency with its path, and end with one sentence of verdict.' })).child;
    const filtered = (await fork({ ...FORK, toolFilter: { deny: ['echo', 'note'] } })).child;
    expect(bytes(persona, 'system')).toBeGreaterThan(bytes(plain, 'system'));
    expect(bytes(filtered, 'tool')).toBeLessThan(bytes(plain, 'tool'));
    // Under Code Mode the filter also shrinks the generated SDK block.
    const sdkPlain = (await fork(FORK, undefined, { codeMode: true })).child;
    const sdkFiltered = (await fork({ ...FORK, toolFilter: { deny: ['echo', 'note'] } }, undefined, { codeMode: true })).child;
    expect(bytes(sdkPlain, 'sdk')).toBeGreaterThan(0);
    expect(bytes(sdkFiltered, 'sdk')).toBeLessThan(bytes(sdkPlain, 'sdk'));
    const first = (await fork(FORK, [textStep('no idea')], { firstTurn: true })).child;
    expect(first.requests[0]!.model.messages.map((message) => message.source?.kind)).toEqual(['user', 'plugin']);
  });

  it('the child may reuse the inherited byte-identical prefix under the same provider and model', async () => {
    const { forking, comparison } = await fork();
    const shared = forking.prefix.segments.length - 1; // everything but the parent's in-flight prompt
    expect(comparison.commonPrefix.segments).toBe(shared);
    expect(comparison.divergence).toMatchObject({ cause: 'task' });
  });

  it('persona, tool-filter, generated-SDK, or route changes may invalidate reuse before inherited history; later child history is append-only', async () => {
    const beforeHistory = (result: Awaited<ReturnType<typeof fork>>) => result.forking.prefix.segments[result.comparison.divergence!.index]!.kind !== 'message';
    const persona = await fork({ ...FORK, persona: 'Other persona.' });
    expect(persona.comparison.divergence).toMatchObject({ name: 'deployment:persona' });
    const filter = await fork({ ...FORK, toolFilter: { deny: ['note'] } });
    expect(filter.comparison.divergence).toMatchObject({ cause: 'tool-filter', name: 'note' });
    const sdk = await fork({ ...FORK, toolFilter: { deny: ['note'] } }, undefined, { codeMode: true });
    expect(sdk.comparison.divergence).toMatchObject({ cause: 'sdk', name: 'tools:sdk' });
    const route = await fork({ ...FORK, agentOptions: { model: 'deepseek-v4-pro' } });
    expect(route.comparison.divergence).toMatchObject({ cause: 'route' });
    for (const result of [persona, filter, sdk, route]) expect(beforeHistory(result)).toBe(true);
  });

  it('a continuable child additionally carries the child-scoped report tool and its prompt section — deltas that precede the inherited history and so invalidate all of it', async () => {
    // The background child runs beside the parent's next step, and its settlement notice opens one more parent turn.
    const childStep: ScriptedStep = { ...textStep('QUINCE'), match: (request) => request.system.includes(REPORT_SECTION_TEXT) };
    const { comparison, forking, child } = await fork({ provider: 'fork', toolName: 'subagent_fork', backgroundMode: 'continuable' }, [childStep], { laterParentSteps: [textStep('NOTED')] });
    expect(comparison.divergence).toMatchObject({ cause: 'report-tool' });
    const history = forking.prefix.segments.filter((segment) => segment.kind === 'message').length;
    expect(comparison.commonPrefix.segments).toBeLessThan(forking.prefix.segments.length - history);
    expect(child.requests[0]!.head.tools.map((tool) => tool.name)).toContain('report');
  });
});

describe('fork: Model Experience — parent tool result, indirectly', () => {
  it("the parent receives only the child's own final output, not the inherited prefix or intermediate work", async () => {
    const { parent } = await fork(FORK, [callStep('note', { text: 'intermediate' }, 'call_child_note'), textStep('QUINCE')]);
    expect(lastToolResult(parent)).toEqual({ text: 'QUINCE', isError: false });
  });

  it('parent input grows by one data-dependent final result, appended after the reusable request prefix', async () => {
    const { parent, forking } = await fork();
    const next = parent.requests.at(-1)!;
    expect(compareWithCause(forking.prefix, next.prefix).commonPrefix.segments).toBe(forking.prefix.segments.length);
    expect(next.prefix.segments.slice(forking.prefix.segments.length).map((segment) => segment.meta?.role)).toEqual(['assistant', 'tool']);
  });
});
