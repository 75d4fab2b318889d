import { describe, expect, it } from 'vitest';
import { AgentScope, attachStructuredRuntime, compileOutputContract, type SubagentStartRequest, type ToolExecution } from '../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { smallHost } from './support/runtime-scenario.js';

const SCHEMA = { type: 'object', properties: { verdict: { type: 'string', enum: ['pass', 'fail'] } }, required: ['verdict'], additionalProperties: false };
const structuredCall = (args: unknown, id = 'call_so'): ScriptedStep => ({ toolCalls: [{ id, name: 'structured_output', arguments: JSON.stringify(args) }] });

/** The child's structured-output contract alone, driven by hand as the loop drives it. */
function attached() {
  const scope = new AgentScope();
  const structured = attachStructuredRuntime(scope, compileOutputContract(SCHEMA));
  const tool = scope.tools.find((candidate) => candidate.name === 'structured_output')!;
  const unavailable = (): never => {
    throw new Error('not offered in this test');
  };
  const execution = (callId: string): ToolExecution => ({
    agentId: 'child',
    cwd: undefined,
    callId,
    signal: new AbortController().signal,
    concludeTurn: () => undefined,
    addAfterResult: unavailable,
    ownedByLiveAgent: true,
    subagents: { start: unavailable, startContinuable: unavailable, listChildren: unavailable, listDescendants: unavailable, followup: unavailable, interrupt: unavailable },
    jobs: undefined,
  });
  const logResult = (name: string, of: ToolExecution, isError: boolean): void => {
    for (const observe of scope.resultObservers) observe({ name, execution: of, isError });
  };
  const guard = (name: string): string | undefined => scope.guards.map((check) => check({ name, callId: 'call_next' })).find((denial) => denial !== undefined);
  return { structured, tool, execution, logResult, guard };
}

/**
 * A structured child whose parent cancels it while its `structured_output` call is in flight: at the
 * moment the call is logged (`before-body`), or once its body has run but before its result is
 * logged (`during-body`).
 */
async function cancelledWhileCalling(when: 'before-body' | 'during-body') {
  const { host, createParent } = smallHost(new ScriptedModel([structuredCall({ verdict: 'pass' })]));
  const parent = createParent();
  const controller = new AbortController();
  host.onAgentPublished((agent) => {
    const append = agent.session.append.bind(agent.session);
    agent.session.append = (type, data, extras) => {
      const event = append(type, data, extras);
      if (type === 'tool/call' && (data as { name: string }).name === 'structured_output') {
        if (when === 'before-body') controller.abort();
        else queueMicrotask(() => controller.abort());
      }
      return event;
    };
  });
  const request: SubagentStartRequest = { parent, prompt: [{ type: 'text', text: 'Review the change.' }], signal: controller.signal, outputSchema: SCHEMA };
  const run = await host.subagents.start('spawn', request);
  const result = await run.result;
  const logged = run.localAgent.session.events.find((event) => event.type === 'tool/result')!;
  const toolResult = (logged.data as { message: { content: { content: { text: string }[]; isError: boolean }[] } }).message.content[0]!;
  await run.dispose();
  return { result, toolResult: { text: toolResult.content[0]!.text, isError: toolResult.isError } };
}

describe('driver: structured output commits on the final tool result', () => {
  it('a valid call only stages its value: nothing is committed until its result is logged', async () => {
    const { structured, tool, execution, logResult, guard } = attached();
    const call = execution('call_so');
    await expect(tool.execute({ verdict: 'pass' }, call)).resolves.toBe('Structured output recorded.');
    expect(structured.captured()).toBeUndefined();
    expect(guard('echo')).toBeUndefined();
    logResult('structured_output', call, false);
    expect(structured.captured()).toEqual({ value: { verdict: 'pass' } });
    expect(guard('echo')).toBe('structured output already recorded: the run is complete, so `echo` is not executed');
  });

  it('a staged value whose final result is an error is never committed, and a later call in the same run commits its own value', async () => {
    const { structured, tool, execution, logResult, guard } = attached();
    const first = execution('call_so');
    await tool.execute({ verdict: 'fail' }, first);
    logResult('structured_output', first, true);
    expect(structured.captured()).toBeUndefined();
    expect(guard('structured_output')).toBeUndefined();
    // The failed result cleared its stage: a later success report for the same execution commits nothing.
    logResult('structured_output', first, false);
    expect(structured.captured()).toBeUndefined();
    // Call ids may repeat across steps; the execution, not the id, names the call.
    const later = execution('call_so');
    await tool.execute({ verdict: 'pass' }, later);
    logResult('structured_output', later, false);
    expect(structured.captured()).toEqual({ value: { verdict: 'pass' } });
  });

  it("a result logged for another execution, or another tool's result, commits nothing", async () => {
    const { structured, tool, execution, logResult } = attached();
    const staged = execution('call_so');
    await tool.execute({ verdict: 'pass' }, staged);
    logResult('structured_output', execution('call_so'), false);
    logResult('echo', staged, false);
    expect(structured.captured()).toBeUndefined();
  });

  it('a cancellation that lands after the body ran replaces the result with `Error: tool call aborted`: no value, and the run is `aborted`', async () => {
    const { result, toolResult } = await cancelledWhileCalling('during-body');
    expect(result).not.toHaveProperty('structured');
    expect(result.stopReason).toBe('aborted');
    expect(toolResult).toEqual({ text: 'Error: tool call aborted', isError: true });
  });

  it('a cancellation that lands before the body runs skips it (`Error: tool call aborted before dispatch`): no value, and the run is `aborted`', async () => {
    const { result, toolResult } = await cancelledWhileCalling('before-body');
    expect(result).not.toHaveProperty('structured');
    expect(result.stopReason).toBe('aborted');
    expect(toolResult).toEqual({ text: 'Error: tool call aborted before dispatch', isError: true });
  });
});
