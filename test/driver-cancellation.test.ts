import { describe, expect, it } from 'vitest';
import { creationAborted, startInProcessRun, SubagentError, type SubagentStartRequest } from '../src/providers/runtime/index.js';
import type { LanguageModel } from '../src/providers/model/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { callStep, lastToolResult, prompt, smallHost, textStep } from './support/runtime-scenario.js';

/** A step that holds its model call open until the call is aborted; `called` resolves once the call is made. */
function hangingStep(): { step: ScriptedStep; called: Promise<void> } {
  let called!: () => void;
  const promise = new Promise<void>((resolve) => (called = resolve));
  const step: ScriptedStep = {
    label: 'hangs until aborted',
    text: 'never delivered',
    before: (_request, signal) => {
      called();
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
    },
  };
  return { step, called: promise };
}

function setup(steps: ScriptedStep[] = [hangingStep().step]) {
  const model = new ScriptedModel(steps);
  const { host, createParent } = smallHost(model);
  const parent = createParent();
  const published: string[] = [];
  host.onAgentPublished((agent) => published.push(agent.id));
  const request = (signal: AbortSignal): SubagentStartRequest => ({ parent, prompt: [{ type: 'text', text: 'work' }], signal });
  return { model, host, parent, published, request };
}

describe('driver: the required cancellation signal', () => {
  it('a start without a signal is rejected before any child exists', async () => {
    const { published, request, model } = setup([]);
    await expect(startInProcessRun(request(undefined as unknown as AbortSignal), { providerName: 'spawn' })).rejects.toMatchObject({ code: 'subagent/missing-signal' });
    expect(published).toEqual([]);
    model.assertConsumed();
  });

  it("already aborted when the start is called: rejected with DSH's pre-publication message, nothing published", async () => {
    const { published, request, host, model } = setup([]);
    const controller = new AbortController();
    controller.abort(new Error('user pressed stop'));
    const rejection = host.subagents.start('spawn', request(controller.signal));
    await expect(rejection).rejects.toThrow(new SubagentError('subagent/aborted', 'subagent request was aborted before child publication'));
    expect(published).toEqual([]);
    expect([...host.agents.values()].filter((agent) => agent.parent)).toEqual([]);
    model.assertConsumed();
  });

  it("an abort that lands while the child is being created passes an Error reason's message, any other reason reads `agent \"<id>\" creation aborted` (DSH's creation transaction)", () => {
    const aborted = (reason: unknown): AbortSignal => {
      const controller = new AbortController();
      controller.abort(reason);
      return controller.signal;
    };
    expect(creationAborted('child-1', aborted(new Error('parent turn interrupted')))).toEqual(new SubagentError('subagent/aborted', 'parent turn interrupted'));
    expect(creationAborted('child-1', aborted('killed')).message).toBe('agent "child-1" creation aborted');
    expect(creationAborted('child-1', aborted('killed')).code).toBe('subagent/aborted');
  });

  it('a continuable start: rejected with the abort reason, no child published, no model call', async () => {
    const { published, request, host, model } = setup([]);
    const controller = new AbortController();
    controller.abort(new Error('parent turn cancelled'));
    for (const provider of ['spawn', 'fork']) {
      await expect(host.subagents.startContinuable(provider, request(controller.signal))).rejects.toThrow(new SubagentError('subagent/aborted', 'parent turn cancelled'));
    }
    await expect(host.subagents.startContinuable('spawn', request(undefined as unknown as AbortSignal))).rejects.toMatchObject({ code: 'subagent/missing-signal' });
    expect(published).toEqual([]);
    expect([...host.agents.values()].filter((agent) => agent.parent)).toEqual([]);
    expect(model.requests).toEqual([]);
  });

  it("a start whose signal is already aborted reaches the parent model as `Error: subagent request was aborted before child publication`", async () => {
    const model = new ScriptedModel([callStep('subagent', { description: 'd', prompt: 'p' }), textStep('saw the error')]);
    const { host, createParent } = smallHost(model);
    const parent = createParent();
    const spawn = host.subagents.getProvider('spawn')!;
    const original = spawn.start.bind(spawn);
    // The parent's turn is cancelled at the instant the delegation starts (before publication).
    (spawn as { start: typeof spawn.start }).start = (request) => {
      const controller = new AbortController();
      controller.abort(new Error('parent turn interrupted'));
      return original({ ...request, signal: controller.signal });
    };
    await prompt(parent, 'go');
    expect(lastToolResult(parent)).toEqual({ text: 'Error: subagent request was aborted before child publication', isError: true });
    model.assertConsumed();
  });

  it('after publication, abort cancels the child: its turn ends aborted and the run reports `aborted`', async () => {
    const hanging = hangingStep();
    const { request, host, model } = setup([hanging.step]);
    const controller = new AbortController();
    const run = await host.subagents.start('spawn', request(controller.signal));
    expect(host.agents.get(run.id)).toBe(run.localAgent);
    await hanging.called;
    controller.abort(new Error('stop now'));
    expect(await run.result).toEqual({ output: [], stopReason: 'aborted' });
    expect(run.localAgent.session.events.at(-1)).toMatchObject({ type: 'turn/end', data: { reason: { kind: 'aborted', reason: { kind: 'parent' } } } });
    await run.dispose();
    model.assertConsumed();
  });

  it('a cancellation mid-stream keeps the delivered prefix as an interrupted anchor in history, and the run reports `aborted`', async () => {
    let delivered!: () => void;
    const deliveredOnce = new Promise<void>((resolve) => (delivered = resolve));
    // A model that streams one text delta, then waits until its call is cancelled.
    const model: LanguageModel = {
      name: 'stalls-mid-stream',
      async *stream(_request, { signal }) {
        yield { type: 'block-start', index: 0, blockType: 'text' };
        yield { type: 'text-delta', index: 0, text: 'partial' };
        delivered();
        await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      },
    };
    const { host, createParent } = smallHost(model);
    const controller = new AbortController();
    const run = await host.subagents.start('spawn', { parent: createParent(), prompt: [{ type: 'text', text: 'work' }], signal: controller.signal });
    await deliveredOnce;
    controller.abort(new Error('stop'));
    expect(await run.result).toEqual({ output: [{ type: 'text', text: 'partial' }], stopReason: 'aborted' });
    const types = run.localAgent.session.events.map((event) => event.type);
    expect(types.slice(-4)).toEqual(['assistant/chunk', 'assistant/message', 'step/end', 'turn/end']);
    expect(run.localAgent.session.events.find((event) => event.type === 'assistant/message')).toMatchObject({
      data: { message: { content: [{ type: 'text', text: 'partial' }] }, interrupted: true },
      surfaceOp: 'append',
    });
    await run.dispose();
  });
});

describe('driver: quiescent disposal', () => {
  it('`dispose()` is idempotent, cancels remaining work, waits for result settlement and child quiescence, and unpublishes the child', async () => {
    const hanging = hangingStep();
    const { request, host, model } = setup([hanging.step]);
    const run = await host.subagents.start('spawn', request(new AbortController().signal));
    await hanging.called;
    const first = run.dispose();
    const second = run.dispose();
    expect(second).toBe(first);
    await first;
    expect(run.localAgent.status).toBe('disposed');
    expect(host.agents.has(run.id)).toBe(false);
    expect(await run.result).toEqual({ output: [], stopReason: 'aborted' });
    // DSH logs disposal as an abort whose cause is `disposed`.
    expect(run.localAgent.session.events.at(-1)).toMatchObject({ type: 'turn/end', data: { reason: { kind: 'aborted', reason: { kind: 'disposed' } } } });
    model.assertConsumed();
  });

  it('an already-completed run stays completed after disposal', async () => {
    const { request, host, model } = setup([textStep('finished')]);
    const run = await host.subagents.start('spawn', request(new AbortController().signal));
    const result = await run.result;
    await run.dispose();
    expect(result).toEqual({ output: [{ type: 'text', text: 'finished' }], stopReason: 'completed' });
    expect(await run.result).toBe(result);
    model.assertConsumed();
  });
});
