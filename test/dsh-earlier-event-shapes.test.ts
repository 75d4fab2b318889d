import { describe, expect, it } from 'vitest';
import { InputError } from '../src/prefix/index.js';
import { parseSessionLog, type SessionLog } from '../src/providers/session/index.js';

/*
 * Edge cases of the event shapes earlier DSH releases wrote (the July 2026 logs of corpus
 * `dsh-as-recorded` are read whole in dsh-as-recorded-original-shapes.test.ts): each is read as the
 * event today's DSH writes for it, and a malformed one is an error naming its line.
 */

const HEADER = { type: 'session', version: 0, id: 's', createdAt: 0 };
const log = (...events: object[]): SessionLog => parseSessionLog([HEADER, ...events].map((event) => JSON.stringify(event)).join('\n'), 'july.jsonl');
const header = (config: object) => ({ type: 'request/header', data: { header: { config, system: 'S', tools: [] }, reason: 'initial' } });
const turnStart = { type: 'turn/start', data: { turn: 1, trigger: { kind: 'message', source: { kind: 'user' } } } };
const dataAt = (parsed: SessionLog, index: number) => parsed.events[index]!.event as { type: string; data: Record<string, unknown> };

function failure(read: () => unknown): InputError {
  try {
    read();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('a DSH log in the shapes of an earlier release', () => {
  it('takes an assistant message without provenance as sent on the header in force, the provider a July header leaves out being deepseek-official', () => {
    const parsed = log(turnStart, header({ model: 'deepseek-v4-flash' }), { type: 'assistant/message', data: { turn: 1, step: 1, content: [{ type: 'text', text: 'hi' }], usage: { inputTokens: 5, outputTokens: 1 } } });
    expect((dataAt(parsed, 1).data['header'] as { config: unknown }).config).toEqual({ provider: 'deepseek-official', model: 'deepseek-v4-flash' });
    expect(dataAt(parsed, 2)).toMatchObject({ type: 'assistant/message', data: { turn: 1, step: 1, message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }], source: { kind: 'model', provider: 'deepseek-official', model: 'deepseek-v4-flash' } }, usage: { inputTokens: 5 } } });
  });

  it('renames the provider id deepseek to deepseek-official in provenance, headers and request contexts', () => {
    const parsed = log(
      header({ provider: 'deepseek', model: 'deepseek-v4-pro' }),
      { type: 'request/context', data: { provider: 'deepseek', model: 'deepseek-v4-pro' } },
      { type: 'assistant/message', data: { turn: 1, step: 1, content: [], provenance: { provider: 'deepseek', model: 'deepseek-v4-pro' } } },
    );
    expect((dataAt(parsed, 0).data['header'] as { config: { provider: string } }).config.provider).toBe('deepseek-official');
    expect(dataAt(parsed, 1).data['provider']).toBe('deepseek-official');
    expect(dataAt(parsed, 2).data['message']).toEqual({ role: 'assistant', content: [], source: { kind: 'model', provider: 'deepseek-official', model: 'deepseek-v4-pro' } });
    expect(dataAt(parsed, 2).data).not.toHaveProperty('provenance');
  });

  it('reads a tool result {callId, content, isError} as the tool-result message, keeping error and meta beside it', () => {
    const parsed = log({ type: 'tool/result', data: { turn: 1, step: 1, callId: 'c1', content: [{ type: 'text', text: 'no' }], isError: true, error: { name: 'FsError', code: 'FS_NOT_FOUND' }, meta: { bytes: 2 } } });
    expect(dataAt(parsed, 0).data).toEqual({
      turn: 1,
      step: 1,
      message: { role: 'user', source: { kind: 'tool', callId: 'c1' }, content: [{ type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: 'no' }], isError: true }] },
      error: { name: 'FsError', code: 'FS_NOT_FOUND' },
      meta: { bytes: 2 },
    });
  });

  it('reads a context message as the user message DSH sent, inside <context source="…">…</context>, and a steering message as it is', () => {
    const source = { kind: 'plugin', plugin: 'hooks-claude' };
    const text = [{ type: 'text', text: 'note' }];
    const parsed = log({ type: 'context/message', data: { content: text, source } }, { type: 'steering/message', data: { turn: 1, content: text, source } });
    expect(dataAt(parsed, 0)).toMatchObject({ type: 'user/message', data: { role: 'user', source, content: [{ type: 'text', text: '<context source="plugin">' }, ...text, { type: 'text', text: '</context>' }] } });
    expect(parsed.events[0]!.known).toBe(true);
    expect(dataAt(parsed, 1)).toMatchObject({ type: 'user/message', data: { role: 'user', source, content: text } });
    expect(dataAt(parsed, 1).data).not.toHaveProperty('turn');
  });

  it('refuses a malformed earlier event, naming its line and the shape it was read as', () => {
    const broken = failure(() => log({ type: 'assistant/message', data: { turn: 1, step: 1, content: 'text' } }));
    expect(broken.message).toContain('july.jsonl:2');
    expect(broken.message).toContain('assistant/message (the earlier shape {content, provenance?, usage}): content');
    const modelless = failure(() => log(turnStart, { type: 'assistant/message', data: { turn: 1, step: 1, content: [] } }));
    expect(modelless.message).toContain('july.jsonl:3');
    expect(modelless.message).toContain('no request header or context before it names the model');
  });

  it('leaves a header without a provider unrouted in a log of today\'s shapes', () => {
    const parsed = log({ type: 'turn/start', data: { turn: 1 } }, header({ model: 'deepseek-v4-flash' }));
    expect((dataAt(parsed, 1).data['header'] as { config: unknown }).config).toEqual({ model: 'deepseek-v4-flash' });
  });

  it('marks each event read from an earlier shape with that shape, and leaves a today-shaped event unmarked', () => {
    const parsed = log(turnStart, header({ provider: 'deepseek', model: 'deepseek-v4-pro' }), { type: 'steering/message', data: { turn: 1, content: [], source: { kind: 'plugin' } } });
    expect(parsed.events.map((entry) => (entry.known ? entry.earlierShape : 'unknown'))).toEqual([undefined, 'provider id deepseek (today deepseek-official)', 'steering/message (sent as it is)']);
  });
});
