import { describe, expect, it } from 'vitest';
import { STRUCTURED_OUTPUT_DESCRIPTION, STRUCTURED_OUTPUT_INSTRUCTION, type SubagentStartRequest } from '../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { smallHost, textStep } from './support/runtime-scenario.js';

const SCHEMA = { type: 'object', properties: { verdict: { type: 'string', enum: ['pass', 'fail'] }, score: { type: 'integer' } }, required: ['verdict'], additionalProperties: false };
const structuredCall = (args: unknown, id = 'call_so'): ScriptedStep => ({ toolCalls: [{ id, name: 'structured_output', arguments: JSON.stringify(args) }] });

async function structuredRun(steps: ScriptedStep[], outputSchema: Record<string, unknown> = SCHEMA) {
  const model = new ScriptedModel(steps);
  const { host, createParent } = smallHost(model);
  const parent = createParent();
  const published: string[] = [];
  host.onAgentPublished((agent) => published.push(agent.id));
  const request: SubagentStartRequest = { parent, prompt: [{ type: 'text', text: 'Review the change.' }], signal: new AbortController().signal, outputSchema };
  return { model, host, parent, published, start: () => host.subagents.start('spawn', request) };
}

const toolResults = (events: readonly { type: string; data: unknown }[]) =>
  events.filter((event) => event.type === 'tool/result').map((event) => (event.data as { message: { content: { content: { text: string }[]; isError: boolean }[] } }).message.content[0]!);

describe('driver: structured output', () => {
  it('installs a child-only `structured_output` tool with the requested schema and the order-190 instruction section', async () => {
    const { start, parent } = await structuredRun([structuredCall({ verdict: 'pass' })]);
    const run = await start();
    await run.result;
    const head = run.localAgent.requests[0]!.head;
    expect(head.tools.find((tool) => tool.name === 'structured_output')).toEqual({ name: 'structured_output', description: STRUCTURED_OUTPUT_DESCRIPTION, parameters: SCHEMA });
    expect(head.sections.at(-1)).toEqual({ name: 'tool:structured_output', order: 190, text: STRUCTURED_OUTPUT_INSTRUCTION });
    expect(parent.assembleHead().tools.map((tool) => tool.name)).not.toContain('structured_output');
    await run.dispose();
  });

  it('validates the value: an invalid call is an errored result the model can retry in the same turn; a valid one is the run result and ends the turn', async () => {
    const { start, model } = await structuredRun([structuredCall({ verdict: 'maybe' }, 'call_bad'), structuredCall({ verdict: 'fail', score: 3 }, 'call_good')]);
    const run = await start();
    // The output is the last message with content: the committing call itself.
    expect(await run.result).toEqual({
      output: [{ type: 'tool-call', id: 'call_good', name: 'structured_output', arguments: '{"verdict":"fail","score":3}' }],
      stopReason: 'completed',
      structured: { verdict: 'fail', score: 3 },
    });
    model.assertConsumed();
    const results = toolResults(run.localAgent.session.events);
    expect(results[0]!.isError).toBe(true);
    expect(results[0]!.content[0]!.text).toMatch(/^Error: invalid structured output:/);
    expect(results[1]).toEqual({ type: 'tool-result', toolCallId: 'call_good', content: [{ type: 'text', text: 'Structured output recorded.' }], isError: false });
    expect(run.localAgent.session.events.filter((event) => event.type === 'step/start')).toHaveLength(2);
    await run.dispose();
  });

  it('blocks every later call once a value is recorded', async () => {
    const { start } = await structuredRun([
      {
        toolCalls: [
          { id: 'call_so', name: 'structured_output', arguments: '{"verdict":"pass"}' },
          { id: 'call_echo', name: 'echo', arguments: '{"text":"late"}' },
        ],
      },
    ]);
    const run = await start();
    expect((await run.result).structured).toEqual({ verdict: 'pass' });
    expect(toolResults(run.localAgent.session.events)[1]).toEqual({
      type: 'tool-result',
      toolCallId: 'call_echo',
      content: [{ type: 'text', text: 'Error: structured output already recorded: the run is complete, so `echo` is not executed' }],
      isError: true,
    });
    await run.dispose();
  });

  it('a clean turn that never commits the required value reports `error`; the driver does not re-prompt', async () => {
    const { start, model } = await structuredRun([textStep('I think it passes.')]);
    const run = await start();
    expect(await run.result).toEqual({ output: [{ type: 'text', text: 'I think it passes.' }], stopReason: 'error' });
    model.assertConsumed();
    await run.dispose();
  });

  it('an unsupported schema fails before the child is created', async () => {
    const { start, published } = await structuredRun([], { type: 'object', properties: { x: { $ref: '#/definitions/missing' } } });
    await expect(start()).rejects.toMatchObject({ code: 'subagent/unsupported-output-schema' });
    // DSH's subset (the pinned workflow tool states it): a pattern, a format or a numeric bound is outside it, and the error says where.
    const patterned = await structuredRun([], { type: 'object', properties: { id: { type: 'string', pattern: '^[a-z]+$' } } });
    await expect(patterned.start()).rejects.toThrow("outputSchema leaves DSH's schema subset: (root).properties.id uses the keyword 'pattern'");
    const bounded = await structuredRun([], { type: 'object', properties: { n: { type: 'integer', minimum: 0 } } });
    await expect(bounded.start()).rejects.toMatchObject({ code: 'subagent/unsupported-output-schema' });
    const notObject = await structuredRun([], { type: 'string' });
    await expect(notObject.start()).rejects.toThrow('outputSchema must be an object schema');
    expect([...published, ...patterned.published, ...bounded.published, ...notObject.published]).toEqual([]);
  });
});
