import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../src/providers/model/index.js';
import { chunksOfStep, lastMessageText, ScriptedModel, ScriptedModelError } from '../src/testing/index.js';

const request = (text: string): ModelRequest => ({ config: { provider: 'p', model: 'm' }, system: 's', tools: [], messages: [{ role: 'user', content: [{ type: 'text', text }] }] });

async function drain(model: ScriptedModel, sent: ModelRequest, signal = new AbortController().signal) {
  const chunks = [];
  for await (const chunk of model.stream(sent, { signal })) chunks.push(chunk);
  return chunks;
}

describe('testing: the scripted model', () => {
  it("streams a step in DSH's chunk order: block starts and deltas, then every block end, usage, finish", () => {
    expect(chunksOfStep({ reasoning: ['a', 'b'], text: 'c', toolCalls: [{ id: 't1', name: 'echo', arguments: { x: 1 }, argumentChunks: ['{"x"', ':1}'] }] }).map((chunk) => chunk.type)).toEqual([
      'block-start',
      'reasoning-delta',
      'reasoning-delta',
      'block-start',
      'text-delta',
      'block-start',
      'tool-call-delta',
      'tool-call-delta',
      'tool-call-delta',
      'block-end',
      'block-end',
      'block-end',
      'usage',
      'finish',
    ]);
    expect(chunksOfStep({ toolCalls: [{ id: 't', name: 'n', arguments: '{}' }] }).at(-1)).toEqual({ type: 'finish', reason: { kind: 'tool-calls' } });
    expect(() => chunksOfStep({ toolCalls: [{ id: 't', name: 'n', arguments: '{}', argumentChunks: ['{'] }] })).toThrow(ScriptedModelError);
  });

  it('records every request it receives', async () => {
    const model = new ScriptedModel([{ text: 'one' }, { text: 'two' }]);
    await drain(model, request('first'));
    await drain(model, request('second'));
    expect(model.requests.map(lastMessageText)).toEqual(['first', 'second']);
    expect(() => model.assertConsumed()).not.toThrow();
  });

  it('fails on an unexpected request: none left, or one its step rejects', async () => {
    const model = new ScriptedModel([{ label: 'wants hello', expect: (sent) => lastMessageText(sent) === 'hello', text: 'hi' }]);
    await expect(drain(model, request('goodbye'))).rejects.toThrow("does not match step 'wants hello'");
    await expect(drain(model, request('again'))).rejects.toThrow('unexpected request #2');
    expect(() => model.assertConsumed()).toThrow(ScriptedModelError);
  });

  it('fails on unconsumed steps, naming them', async () => {
    const model = new ScriptedModel([{ label: 'answer', text: 'x' }, { label: 'follow-up', text: 'y' }]);
    await drain(model, request('q'));
    expect(() => model.assertConsumed()).toThrow('1 scripted step(s) never requested: follow-up');
  });

  it('serves concurrent agents by `match`, in script order within each match', async () => {
    const model = new ScriptedModel([
      { label: 'parent', match: (sent) => lastMessageText(sent).startsWith('parent'), text: 'P' },
      { label: 'child', match: (sent) => lastMessageText(sent).startsWith('child'), text: 'C' },
    ]);
    const child = await drain(model, request('child task'));
    const parent = await drain(model, request('parent task'));
    expect(child.find((chunk) => chunk.type === 'text-delta')).toMatchObject({ text: 'C' });
    expect(parent.find((chunk) => chunk.type === 'text-delta')).toMatchObject({ text: 'P' });
  });

  it('stops streaming when the call is cancelled', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([{ text: ['a', 'b', 'c'] }]);
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of model.stream(request('x'), { signal: controller.signal })) {
          seen.push(chunk.type);
          if (chunk.type === 'text-delta') controller.abort(new Error('cancelled'));
        }
      })(),
    ).rejects.toThrow('cancelled');
    expect(seen).toEqual(['block-start', 'text-delta']);
  });
});
