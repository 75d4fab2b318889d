import { describe, expect, it } from 'vitest';
import { comparePrefix, renderRequest, type MessagePart, type RequestParts, type ToolPart } from '../src/prefix/index.js';
import { compareWithCause } from './support/compare-with-cause.js';

const route = { provider: 'deepseek', model: 'deepseek-v4-flash' };
const tool = (name: string): ToolPart => ({ name, schema: { type: 'function', function: { name, description: `The ${name} tool.`, parameters: { type: 'object' } } } });
const user = (name: string, text: string): MessagePart => ({ name, role: 'user', wire: { role: 'user', content: text } });
const assistant = (name: string, text: string): MessagePart => ({ name, role: 'assistant', wire: { role: 'assistant', content: text } });

const parentParts: RequestParts = {
  system: [
    { name: 'harness:identity', text: 'You are an AI agent powered by DeepSeek Harness.' },
    { name: 'deployment:persona', text: 'You are a coding assistant.' },
    { name: 'tool:read', text: 'Use the read tool to inspect files.' },
  ],
  tools: [tool('bash'), tool('edit'), tool('read'), tool('write')],
  messages: [user('m0', 'Remember MARMALADE.'), assistant('m1', 'OK')],
};
const parent = renderRequest(route, 'chat', parentParts);

describe('comparePrefix divergence', () => {
  it('is null for identical requests and everything is shared', () => {
    const result = comparePrefix(parent, renderRequest(route, 'chat', parentParts));
    expect(result.divergence).toBeNull();
    expect(result.commonPrefix).toEqual(result.parent);
  });

  it('points at the first extra segment with cause extension when the child only appends a task', () => {
    const child = renderRequest(route, 'chat', { ...parentParts, messages: [...parentParts.messages, user('m2', 'What is the codeword?')] });
    const result = comparePrefix(parent, child);
    // The parent has ended: only the child has a segment at the divergence.
    expect(result.divergence).toMatchObject({ routeDiffers: false, parent: null, child: { index: 9, kind: 'message', name: 'm2', segmentByteOffset: 0 } });
    expect(compareWithCause(parent, child).divergence).toMatchObject({ index: 9, kind: 'message', name: 'm2', cause: 'extension', side: 'child' });
    expect(result.commonPrefix.segments).toBe(parent.segments.length);
    expect(result.commonPrefix.bytes).toBe(result.parent.bytes);
    expect(result.divergence?.byteOffset).toBe(result.parent.bytes);
  });

  it('shares nothing across a route change, diverging before the first segment', () => {
    const child = renderRequest({ ...route, model: 'deepseek-v4-pro' }, 'chat', parentParts);
    const result = comparePrefix(parent, child);
    expect(result.commonPrefix).toEqual({ segments: 0, bytes: 0, tokens: 0 });
    expect(result.divergence).toMatchObject({
      byteOffset: 0,
      routeDiffers: true,
      parent: { index: 0, kind: 'system', name: 'harness:identity', segmentByteOffset: 0 },
      child: { index: 0, kind: 'system', name: 'harness:identity', segmentByteOffset: 0 },
    });
    expect(compareWithCause(parent, child).divergence).toMatchObject({ index: 0, byteOffset: 0, cause: 'route' });
  });

  it('names the first removed tool in wire order for a tool filter', () => {
    const child = renderRequest(route, 'chat', { ...parentParts, tools: [tool('bash'), tool('read')] });
    // Both sides are in the tool list at index 4: the parent's 'edit', the child's 'read'.
    expect(comparePrefix(parent, child).divergence).toMatchObject({ parent: { index: 4, kind: 'tool', name: 'edit' }, child: { index: 4, kind: 'tool', name: 'read' } });
    expect(compareWithCause(parent, child).divergence).toMatchObject({ index: 4, kind: 'tool', name: 'edit', cause: 'tool-filter' });
  });

  it('attributes a head divergence to the report tool when the child adds it, even inside the system text', () => {
    const child = renderRequest(route, 'chat', {
      ...parentParts,
      system: [...parentParts.system.slice(0, 2), { name: 'tool:report', text: 'Deliver your result with the report tool.' }, parentParts.system[2]!],
      tools: [tool('bash'), tool('edit'), tool('read'), tool('report'), tool('write')],
    });
    const result = compareWithCause(parent, child);
    expect(result.divergence).toMatchObject({ index: 2, kind: 'system', name: 'report', cause: 'report-tool' });
    expect(comparePrefix(parent, child).divergence).toMatchObject({ parent: { index: 2, name: 'tool:read' }, child: { index: 2, name: 'tool:report' } });
    expect(result.commonPrefix.segments).toBe(2);
  });

  it('reports the byte offset of a difference inside a multi-byte character', () => {
    const a = renderRequest(route, 'chat', { system: [{ name: 's', text: 'naïve é' }], tools: [], messages: [] });
    const b = renderRequest(route, 'chat', { system: [{ name: 's', text: 'naïve è' }], tools: [], messages: [] });
    // 'é' is C3 A9 and 'è' is C3 A8: they share their first byte.
    const at = Buffer.byteLength('naïve ') + 1;
    expect(comparePrefix(a, b).divergence).toMatchObject({ byteOffset: at, parent: { index: 0, segmentByteOffset: at }, child: { index: 0, segmentByteOffset: at } });
    expect(compareWithCause(a, b).divergence).toMatchObject({ byteOffset: at, cause: 'system' });
  });

  it('counts a persona change on the chat layout as losing the tools, and on the Anthropic layout as keeping them', () => {
    const personaParts = { ...parentParts, system: [parentParts.system[0]!, { name: 'deployment:persona', text: 'You review code.' }, parentParts.system[2]!] };
    const chat = compareWithCause(parent, renderRequest(route, 'chat', personaParts));
    expect(chat.divergence).toMatchObject({ kind: 'system', name: 'deployment:persona', cause: 'persona' });
    expect(chat.commonPrefix.segments).toBe(1);
    const anthropicRoute = { provider: 'anthropic', model: 'claude-sonnet-4-5' };
    const anthropic = comparePrefix(renderRequest(anthropicRoute, 'anthropic', parentParts), renderRequest(anthropicRoute, 'anthropic', personaParts));
    expect(anthropic.commonPrefix.segments).toBe(parentParts.tools.length + 1);
  });
});
