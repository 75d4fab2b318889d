import { describe, expect, it } from 'vitest';
import { readRequestBody } from '../src/analysis/bodies/read-request-body.js';
import { InputError } from '../src/prefix/index.js';

/** Each segment that carries a breakpoint, by name, with its breakpoint. */
function marks(body: Record<string, unknown>): [string, unknown][] {
  const { request } = readRequestBody(body, { source: 'body.json' });
  return request.segments.filter((segment) => segment.meta?.cacheControl).map((segment) => [segment.name, segment.meta?.cacheControl]);
}

const text = (value: string, breakpoint = false) => ({ type: 'text', text: value, ...(breakpoint ? { prompt_cache_breakpoint: { mode: 'explicit' } } : {}) });

describe('OpenAI bodies: the breakpoints a GPT-5.6 request writes', () => {
  it('implicit mode marks the newest user or tool message (chat); an earlier model gets no mark', () => {
    const messages = [{ role: 'system', content: 'rules' }, { role: 'user', content: 'q' }, { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] }, { role: 'tool', tool_call_id: 'c', content: 'out' }, { role: 'assistant', content: 'a' }];
    expect(marks({ model: 'gpt-5.6-sol', messages })).toEqual([['message[3]:tool', { type: 'implicit', ttl: '30m' }]]);
    expect(marks({ model: 'gpt-5.5', messages })).toEqual([]);
  });

  it('implicit mode marks the newest user message or tool output item (Responses), and a string input', () => {
    const input = [{ role: 'user', content: 'q' }, { type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' }, { type: 'function_call_output', call_id: 'c', output: 'out' }];
    expect(marks({ model: 'gpt-5.6-terra', input })).toEqual([['input[2]:function_call_output', { type: 'implicit', ttl: '30m' }]]);
    expect(marks({ model: 'gpt-5.6-terra', instructions: 'rules', input: 'q' })).toEqual([['input:user', { type: 'implicit', ttl: '30m' }]]);
  });

  it('an explicit breakpoint on a block ahead of a question in the same message ends its own segment', () => {
    const body = { model: 'gpt-5.6-sol', prompt_cache_options: { mode: 'explicit' }, messages: [{ role: 'user', content: [text('document', true), text('question')] }] };
    const { request } = readRequestBody(body, { source: 'body.json' });
    expect(request.segments.map((segment) => [segment.name, segment.meta?.cacheControl])).toEqual([
      ['message[0]:user', { type: 'explicit', ttl: '30m' }],
      ['message[0]:user.content[1]', undefined],
    ]);
    expect(request.segments.map((segment) => segment.text)).toEqual(['{"role":"user","content":[{"type":"text","text":"document"}]}', '{"content":[{"type":"text","text":"question"}]}']);
  });

  it('a marked system text part is its own breakpoint (chat) and so is a marked developer item (Responses)', () => {
    expect(marks({ model: 'gpt-5.6-sol', messages: [{ role: 'system', content: [text('stable', true), text('varying')] }, { role: 'user', content: 'q' }] })).toEqual([
      ['system[0].content[0]', { type: 'explicit', ttl: '30m' }],
      ['message[1]:user', { type: 'implicit', ttl: '30m' }],
    ]);
    expect(marks({ model: 'gpt-5.6-sol', input: [{ role: 'developer', content: [{ type: 'input_text', text: 'stable', prompt_cache_breakpoint: { mode: 'explicit' } }] }, { role: 'user', content: 'q' }] })).toEqual([
      ['input[0]', { type: 'explicit', ttl: '30m' }],
      ['input[1]:user', { type: 'implicit', ttl: '30m' }],
    ]);
  });

  it('explicit mode places no implicit breakpoint', () => {
    expect(marks({ model: 'gpt-5.6-sol', prompt_cache_options: { mode: 'explicit' }, messages: [{ role: 'user', content: 'q' }] })).toEqual([]);
  });

  it('at most four writes: the latest three explicit ones beside the implicit one, or the latest four in explicit mode', () => {
    const messages = [0, 1, 2, 3, 4].flatMap((index) => [{ role: 'user', content: [text(`turn ${index}`, true)] }, { role: 'assistant', content: `a${index}` }]).concat([{ role: 'user', content: [text('now')] }]);
    expect(marks({ model: 'gpt-5.6-sol', messages }).map(([name]) => name)).toEqual(['message[4]:user', 'message[6]:user', 'message[8]:user', 'message[10]:user']);
    expect(marks({ model: 'gpt-5.6-sol', prompt_cache_options: { mode: 'explicit' }, messages }).map(([name]) => name)).toEqual(['message[2]:user', 'message[4]:user', 'message[6]:user', 'message[8]:user']);
  });

  it('the request-wide prompt_cache_options.ttl is each breakpoint’s unless it names its own', () => {
    const input = [{ role: 'developer', content: [{ type: 'input_text', text: 'stable', prompt_cache_breakpoint: { mode: 'explicit', ttl: '30m' } }] }, { role: 'user', content: 'q' }];
    expect(marks({ model: 'gpt-5.6-sol', prompt_cache_options: { ttl: '12h' }, input })).toEqual([
      ['input[0]', { type: 'explicit', ttl: '30m' }],
      ['input[1]:user', { type: 'implicit', ttl: '12h' }],
    ]);
  });

  it('a prompt_cache_options mode or TTL the API does not take is an error naming the file and the field', () => {
    const bad = (body: Record<string, unknown>) => () => readRequestBody(body, { source: 'body.json' });
    expect(bad({ model: 'gpt-5.6-sol', prompt_cache_options: { mode: 'auto' }, messages: [{ role: 'user', content: 'q' }] })).toThrow(InputError);
    expect(bad({ model: 'gpt-5.6-sol', prompt_cache_options: { mode: 'auto' }, messages: [{ role: 'user', content: 'q' }] })).toThrow(/`prompt_cache_options\.mode` is 'auto', not a prompt cache mode/);
    expect(bad({ model: 'gpt-5.6-sol', prompt_cache_options: { ttl: '1h' }, input: 'q' })).toThrow(/`prompt_cache_options\.ttl` is '1h', not a prompt cache TTL \('30m' or '12h'\)/);
    expect(bad({ model: 'gpt-5.6-sol', messages: [{ role: 'user', content: [{ type: 'text', text: 'q', prompt_cache_breakpoint: { mode: 'implicit' } }] }] })).toThrow(/`messages\[0\]\.content\[0\]\.prompt_cache_breakpoint\.mode` is 'implicit'/);
  });
});
