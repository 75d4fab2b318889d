import { describe, expect, it } from 'vitest';
import { DeepSeekV4Renderer, renderDeepSeekV4 } from '../src/analysis/deepseek/render-v4.js';
import { sameJson } from '../src/analysis/deepseek/same-json.js';
import type { ChatWireMessage } from '../src/providers/index.js';
import type { PrefixRequest, RequestParts } from '../src/prefix/index.js';

// A renderer held across requests reuses heads, message texts and segments it built before; what it
// returns must be exactly what a fresh renderer builds (same bytes, names, hashes, prefix hashes).
const route = { provider: 'deepseek-official', model: 'deepseek-v4-flash' };
const schema = () => ({ type: 'function', function: { name: 'read', description: 'Reads a file.', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } } });

function parts(messages: readonly ChatWireMessage[], tool: unknown = schema()): RequestParts {
  return {
    system: [{ name: 'system', text: 'You are terse. <think> is a token.' }],
    tools: [{ name: 'read', schema: tool }],
    messages: messages.map((wire, index) => ({ name: `message[${index}]:${wire.role}`, role: wire.role, wire })),
  };
}

const identity = (request: PrefixRequest) => request.segments.map((segment) => [segment.kind, segment.name, segment.text, segment.prefixHash]);

const turn1: ChatWireMessage[] = [{ role: 'user', content: 'read a' }];
const turn1Done: ChatWireMessage[] = [
  ...turn1,
  { role: 'assistant', content: '', reasoning_content: 'need a', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read', arguments: '{"path":"a"}' } }] },
  { role: 'tool', tool_call_id: 'c1', content: 'A' },
];
const turn2: ChatWireMessage[] = [...turn1Done, { role: 'assistant', content: 'done', reasoning_content: 'ok' }, { role: 'user', content: 'again' }];

describe('DeepSeek V4 renderer reuse', () => {
  it('renders a growing conversation exactly as a fresh renderer does, reasoning dropped where the turn ends', () => {
    const renderer = new DeepSeekV4Renderer();
    for (const messages of [turn1, turn1Done, turn2, turn1Done, turn2]) {
      expect(identity(renderer.render(route, parts(messages)))).toEqual(identity(renderDeepSeekV4(route, parts(messages))));
    }
  });

  it('finds a head again from equal schema objects, and not from a schema that differs only in key order', () => {
    const renderer = new DeepSeekV4Renderer();
    const first = renderer.render(route, parts(turn1));
    expect(renderer.render(route, parts(turn1)).segments[1]).toBe(first.segments[1]);
    const reordered = { type: 'function', function: { description: 'Reads a file.', name: 'read', parameters: schema().function.parameters } };
    expect(identity(renderer.render(route, parts(turn1, reordered)))).toEqual(identity(renderDeepSeekV4(route, parts(turn1, reordered))));
    expect(renderer.render(route, parts(turn1, reordered)).segments[1]!.text).not.toBe(first.segments[1]!.text);
  });

  it('compares JSON values by content and key order', () => {
    expect(sameJson({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameJson({ a: undefined }, {})).toBe(false);
  });
});
