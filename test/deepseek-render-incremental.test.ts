import { describe, expect, it } from 'vitest';
import { DeepSeekV4Renderer, renderDeepSeekV4 } from '../src/analysis/deepseek/render-v4.js';
import type { ChatWireMessage } from '../src/providers/index.js';
import type { MessagePart, PrefixRequest, RequestParts } from '../src/prefix/index.js';

/*
 * A renderer given message parts that extend the previous request's (the same part objects, as a
 * replay rebuilding each request from its predecessor hands them on) renders only the blocks that
 * can change. Each step below must still be exactly what a fresh renderer builds, including where
 * the V4 encoding rewrites earlier blocks: a user block that later messages join (its closing
 * moves, its tool results are re-sorted by call order) and a new real user message (earlier turns
 * drop their reasoning, earlier user blocks close with </think>).
 */
const route = { provider: 'deepseek-official', model: 'deepseek-v4-flash' };
const call = (id: string, path: string) => ({ id, type: 'function' as const, function: { name: 'read', arguments: JSON.stringify({ path }) } });

const conversation: ChatWireMessage[] = [
  { role: 'tool', tool_call_id: 'c0', content: 'a result before any user message' },
  { role: 'assistant', content: 'noted', reasoning_content: 'nothing asked yet' },
  { role: 'user', content: 'read a and b' },
  { role: 'user', content: 'quickly' },
  { role: 'assistant', content: '', reasoning_content: 'two reads', tool_calls: [call('c1', 'a'), call('c2', 'b')] },
  { role: 'tool', tool_call_id: 'c2', content: 'B' },
  { role: 'tool', tool_call_id: 'c1', content: 'A' },
  { role: 'assistant', content: 'done', reasoning_content: 'both read' },
  { role: 'user', content: 'again' },
  { role: 'assistant', content: 'ok', reasoning_content: 'last' },
];
const messageParts: MessagePart[] = conversation.map((wire, index) => ({ name: `message[${index}]:${wire.role}`, role: wire.role, wire }));

function parts(count: number): RequestParts {
  return { system: [{ name: 'system', text: 'You are terse.' }], tools: [], messages: messageParts.slice(0, count) };
}

const identity = (request: PrefixRequest) => request.segments.map((segment) => [segment.kind, segment.name, segment.text, segment.prefixHash]);

describe('DeepSeek V4 renderer, a conversation extended message by message', () => {
  it('renders every step as a fresh renderer does', () => {
    const renderer = new DeepSeekV4Renderer();
    for (let count = 1; count <= conversation.length; count++) {
      expect(identity(renderer.render(route, parts(count))), `${count} messages`).toEqual(identity(renderDeepSeekV4(route, parts(count))));
    }
  });

  it('renders every pair of steps (an earlier request, then a later one) as a fresh renderer does', () => {
    for (let first = 1; first <= conversation.length; first++) {
      for (let second = first; second <= conversation.length; second++) {
        const renderer = new DeepSeekV4Renderer();
        renderer.render(route, parts(first));
        expect(identity(renderer.render(route, parts(second))), `${first} then ${second} messages`).toEqual(identity(renderDeepSeekV4(route, parts(second))));
      }
    }
  });
});
