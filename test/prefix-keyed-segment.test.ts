import { describe, expect, it } from 'vitest';
import { comparePrefix, createRequest, LongestPrefixIndex, renderRequest, Segment, type RequestParts, type SegmentInput } from '../src/prefix/index.js';

// The keyed segment: a setting a route keys its cache on without sending bytes. Invented requests:
// the behaviour is the engine's, whatever provider asks for it.
const route = { provider: 'test', model: 'm' };
const text = (name: string, content: string): SegmentInput => ({ kind: 'message', name, content });
const keyed = (name: string, key: string): SegmentInput => ({ kind: 'setting', name, content: '', key });
const request = (...inputs: SegmentInput[]) => createRequest(route, 'chat', inputs);

describe('a keyed segment', () => {
  it('has no bytes and no tokens, and a hash that follows its key and differs from an empty text segment', () => {
    const a = new Segment(keyed('tool_choice', 'any'), 0n);
    expect([a.byteLength, a.text, a.key]).toEqual([0, '', 'any']);
    expect(a.hash).toBe(new Segment(keyed('tool_choice', 'any'), 0n).hash);
    expect(a.hash).not.toBe(new Segment(keyed('tool_choice', 'auto'), 0n).hash);
    expect(a.hash).not.toBe(new Segment(text('empty', ''), 0n).hash);
    expect(comparePrefix(request(text('a', 'hello'), keyed('k', 'any')), request(text('a', 'hello'))).child.tokens).toBe(comparePrefix(request(text('a', 'hello')), request(text('a', 'hello'))).child.tokens);
  });

  it('refuses content: a keyed segment sends none', () => {
    expect(() => new Segment({ kind: 'setting', name: 'k', content: 'x', key: 'v' }, 0n)).toThrow(/keyed segment 'k' has 1 chars of content/);
  });

  it('parts two requests whose bytes are all the same where their keys differ, sharing the bytes and tokens before it', () => {
    const head = text('system', 'You are a careful assistant.');
    const tail = text('m0', '{"role":"user","content":"hi"}');
    const parent = request(head, keyed('tool_choice', 'auto'), tail);
    const child = request(head, keyed('tool_choice', 'any'), tail);
    const comparison = comparePrefix(parent, child);
    expect(comparison.divergence?.parent).toMatchObject({ index: 1, kind: 'setting', name: 'tool_choice', segmentByteOffset: 0 });
    expect(comparison.commonPrefix).toEqual({ segments: 1, bytes: 28, tokens: comparePrefix(request(head), request(head)).child.tokens });
    expect(comparison.divergence?.excerpt.child).toMatch(/‸\[tool_choice: any\]$/);
  });

  it('held by one side only: the other side is positioned at the byte that follows, or has ended', () => {
    const head = text('system', 'You are a careful assistant.');
    const tail = text('m0', 'hi');
    const comparison = comparePrefix(request(head, tail), request(head, keyed('images', 'present'), tail));
    expect([comparison.divergence?.parent?.name, comparison.divergence?.child?.name]).toEqual(['m0', 'images']);
    const ended = comparePrefix(request(head), request(head, keyed('images', 'present')));
    expect([ended.divergence?.parent, ended.divergence?.child?.kind]).toEqual([null, 'setting']);
  });

  it('the same keys after the same bytes, cut into segments differently, are no divergence', () => {
    const parent = request(text('a', 'hel'), text('b', 'lo'), keyed('k', 'v'), text('c', 'world'));
    const child = request(text('a', 'hello'), keyed('k', 'v'), text('c', 'wor'), text('d', 'ld'));
    expect(comparePrefix(parent, child).divergence).toBeNull();
  });

  it('a byte that differs before a differing key is where the requests part', () => {
    const comparison = comparePrefix(request(text('a', 'hello'), keyed('k', 'v')), request(text('a', 'help!'), keyed('k', 'w')));
    expect([comparison.divergence?.parent?.name, comparison.commonPrefix.bytes]).toEqual(['a', 3]);
  });

  it('renders settings at the head of the part they name, in both layouts', () => {
    const parts: RequestParts = {
      system: [{ name: 'system', text: 'Be brief.' }],
      tools: [{ name: 'read', schema: { name: 'read' } }],
      messages: [{ name: 'message[0]:user', role: 'user', wire: { role: 'user', content: 'hi' } }],
      settings: [{ name: 'speed', key: 'fast', heads: 'system' }, { name: 'tool_choice', key: 'any', heads: 'messages' }],
    };
    const names = (layout: 'chat' | 'anthropic') => renderRequest(route, layout, parts).segments.map((segment) => segment.name);
    expect(names('anthropic')).toEqual(['read', 'speed', 'system', 'tool_choice', 'message[0]:user']);
    expect(names('chat')).toEqual(['speed', 'system', 'read', 'tool_choice', 'message[0]:user']);
  });

  it('the longest-prefix index picks what comparing with every earlier request picks when earlier requests differ only in keys', () => {
    const head = text('system', 'You are a careful assistant that reads files.');
    const tail = text('m0', '{"role":"user","content":"Read README.md"}');
    const earlier = [request(head, keyed('k', 'a'), tail), request(head, tail), request(head, keyed('k', 'b'), tail, text('m1', 'more'))];
    const index = new LongestPrefixIndex({ ties: 'latest', routes: 'same' });
    for (const one of earlier) index.add(one);
    for (const probe of [request(head, keyed('k', 'b'), tail), request(head, keyed('k', 'a'), tail), request(head, tail, text('m1', 'x'))]) {
      const brute = earlier.map((one) => comparePrefix(one, probe).commonPrefix.tokens);
      const best = Math.max(...brute);
      const found = index.longest(probe)!;
      expect(found.comparison.commonPrefix.tokens).toBe(best);
      expect(found.index).toBe(brute.lastIndexOf(best));
    }
  });
});
