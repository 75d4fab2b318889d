import { describe, expect, it } from 'vitest';
import { finalAssistantOutput, runStopReason, type RecordedEvent } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { prompt, smallHost, textStep } from './support/runtime-scenario.js';

describe("driver: reading the child's own result", () => {
  it("reads the whole content of the child's last assistant message with any content (tool calls included), skipping empty messages that only record usage", async () => {
    const model = new ScriptedModel([
      { text: 'first draft', toolCalls: [{ id: 'c1', name: 'note', arguments: '{"text":"x"}' }] },
      { text: 'final answer', toolCalls: [{ id: 'c2', name: 'note', arguments: '{"text":"y"}' }] },
      { finish: { kind: 'stop' } },
    ]);
    const { host, createParent } = smallHost(model);
    const run = await host.subagents.start('spawn', { parent: createParent(), prompt: [{ type: 'text', text: 'go' }], signal: new AbortController().signal });
    expect(await run.result).toEqual({
      output: [
        { type: 'text', text: 'final answer' },
        { type: 'tool-call', id: 'c2', name: 'note', arguments: '{"text":"y"}' },
      ],
      stopReason: 'completed',
    });
    model.assertConsumed();
    const anchors = run.localAgent.session.events.filter((event) => event.type === 'assistant/message');
    expect((anchors.at(-1)!.data as { message: { content: unknown[] }; usage: unknown }).message.content).toEqual([]);
    await run.dispose();
  });

  it("never returns seeded parent output: a fork child whose only message is a tool call returns that call, not its seed's parent answer", async () => {
    const model = new ScriptedModel([textStep('PARENT SAID THIS'), { toolCalls: [{ id: 'c1', name: 'note', arguments: '{"text":"x"}' }] }, { finish: { kind: 'stop' } }]);
    const { host, createParent } = smallHost(model);
    const parent = createParent();
    await prompt(parent, 'say something');
    const run = await host.subagents.start('fork', { parent, prompt: [{ type: 'text', text: 'stay quiet' }], signal: new AbortController().signal });
    const result = await run.result;
    expect(result).toEqual({ output: [{ type: 'tool-call', id: 'c1', name: 'note', arguments: '{"text":"x"}' }], stopReason: 'completed' });
    expect(JSON.stringify(result)).not.toContain('PARENT SAID THIS');
    expect(JSON.stringify(run.localAgent.session.events.slice(0, run.localAgent.session.header.seedLength))).toContain('PARENT SAID THIS');
    await run.dispose();
  });

  it('otherwise reports the stop reason: a max-tokens child keeps its last non-empty message beside the reason', async () => {
    const model = new ScriptedModel([{ text: 'partial one', toolCalls: [{ id: 'c1', name: 'note', arguments: '{"text":"x"}' }] }, { toolCalls: [{ id: 'c2', name: 'note', arguments: '{"te' }], finish: { kind: 'max-tokens' } }]);
    const { host, createParent } = smallHost(model);
    const run = await host.subagents.start('spawn', { parent: createParent(), prompt: [{ type: 'text', text: 'go' }], signal: new AbortController().signal });
    expect(await run.result).toEqual({
      output: [
        { type: 'text', text: 'partial one' },
        { type: 'tool-call', id: 'c1', name: 'note', arguments: '{"text":"x"}' },
      ],
      stopReason: 'max-tokens',
    });
    // The truncated call is not dispatched: the anchor has no content, as in subagent-max-tokens-partial/session.1.jsonl.
    const anchor = run.localAgent.session.events.filter((event) => event.type === 'assistant/message').at(-1)!;
    expect((anchor.data as { message: { content: unknown[] } }).message.content).toEqual([]);
    await run.dispose();
  });

  it('maps a provider failure to `error`, and a refusal (logged `blocked`, as DSH logs it) to `refusal`', async () => {
    const model = new ScriptedModel([{ finish: { kind: 'error', failure: { message: 'simulated provider error (HTTP 401)', code: 'AUTH' } } }, { text: 'I will not.', finish: { kind: 'refusal' } }]);
    const { host, createParent } = smallHost(model);
    const parent = createParent();
    const failed = await host.subagents.start('spawn', { parent, prompt: [{ type: 'text', text: 'a' }], signal: new AbortController().signal });
    expect(await failed.result).toEqual({ output: [], stopReason: 'error' });
    expect(failed.localAgent.session.events.at(-1)).toMatchObject({ type: 'turn/end', data: { reason: { kind: 'error', error: { message: 'simulated provider error (HTTP 401)', code: 'AUTH' } } } });
    const refused = await host.subagents.start('spawn', { parent, prompt: [{ type: 'text', text: 'b' }], signal: new AbortController().signal });
    expect(await refused.result).toEqual({ output: [{ type: 'text', text: 'I will not.' }], stopReason: 'refusal' });
    expect(refused.localAgent.session.events.at(-1)).toMatchObject({ type: 'turn/end', data: { reason: { kind: 'blocked' } } });
    await Promise.all([failed.dispose(), refused.dispose()]);
  });

  it("falls back to the accumulated streamed text when the child has no non-empty message", () => {
    const events: RecordedEvent[] = [
      { type: 'assistant/chunk', seq: 0, time: 0, data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text: 'streamed ' } } },
      { type: 'assistant/chunk', seq: 1, time: 0, data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text: 'only' } } },
    ];
    expect(finalAssistantOutput(events, 0)).toEqual([{ type: 'text', text: 'streamed only' }]);
    expect(finalAssistantOutput(events, 2)).toEqual([]);
  });

  it('a final reasoning-only message wins over earlier text (the last message with any content, not the last with text)', () => {
    const message = (seq: number, content: unknown[]): RecordedEvent => ({ type: 'assistant/message', seq, time: 0, data: { turn: 1, step: seq, message: { role: 'assistant', content } } });
    const events = [message(0, [{ type: 'text', text: 'draft' }]), message(1, [{ type: 'reasoning', text: 'thinking only' }]), message(2, [])];
    expect(finalAssistantOutput(events, 0)).toEqual([{ type: 'reasoning', text: 'thinking only' }]);
  });

  it("maps the child's own last turn/end as DSH's driver does, and reports a run that never ended a turn as `error` (or `aborted` when cancelled)", () => {
    const turnEnd = (seq: number, kind: string): RecordedEvent => ({ type: 'turn/end', seq, time: 0, data: { turn: seq, reason: { kind } } });
    // A seeded parent turn/end (seq 0) is not the child's: from 1 on there is none.
    expect(runStopReason([turnEnd(0, 'completed')], 1, false)).toBe('error');
    expect(runStopReason([turnEnd(0, 'completed')], 1, true)).toBe('aborted');
    expect(runStopReason([], 0, false)).toBe('error');
    expect(runStopReason([turnEnd(0, 'completed'), turnEnd(1, 'max-tokens')], 1, false)).toBe('max-tokens');
    expect(runStopReason([turnEnd(0, 'blocked'), turnEnd(1, 'completed')], 0, false)).toBe('completed');
    expect(runStopReason([turnEnd(0, 'blocked')], 0, false)).toBe('refusal');
    expect(runStopReason([turnEnd(0, 'interrupted')], 0, false)).toBe('error');
    expect(runStopReason([turnEnd(0, 'aborted')], 0, false)).toBe('aborted');
    // Cancellation owns every non-completed outcome; an already-completed turn stays completed.
    expect(runStopReason([turnEnd(0, 'error')], 0, true)).toBe('aborted');
    expect(runStopReason([turnEnd(0, 'max-tokens')], 0, true)).toBe('aborted');
    expect(runStopReason([turnEnd(0, 'completed')], 0, true)).toBe('completed');
  });
});
