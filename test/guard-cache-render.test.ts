import { describe, expect, it } from 'vitest';
import { GuardCache } from '../src/analysis/index.js';
import { renderRequest, type LayoutName } from '../src/prefix/index.js';
import { AgentHost, toolSchemaToChatWire, toSourcedChatMessages, type StoredMessage } from '../src/providers/index.js';
import { smallComposition } from './support/runtime-scenario.js';

const history = [
  { role: 'user', content: [{ type: 'text', text: 'Remember the fruit QUINCE.' }] },
  { role: 'assistant', content: [{ type: 'text', text: 'Noted: QUINCE.' }] },
] as unknown as StoredMessage[];

describe('GuardCache.render', () => {
  it.each(['chat', 'anthropic'] as LayoutName[])('renders the same segments as renderRequest in the %s layout, from a cold and a warm cache', (layout) => {
    const host = new AgentHost({ composition: smallComposition(), model: { name: 'none', stream: () => { throw new Error('not called'); } } });
    const head = host.createAgent({ provider: 'deepseek-official', model: 'deepseek-v4-flash', cwd: '/work/project' }).assembleHead();
    const route = { provider: 'deepseek-official', model: 'deepseek-v4-flash' };
    const parts = () => toSourcedChatMessages(history).map(({ message, source }, index) => ({ name: `history[${source}]#${index}`, role: message.role, wire: message }));
    const expected = renderRequest(route, layout, {
      system: head.sections.map((section) => ({ name: section.name, text: section.text })),
      tools: head.tools.map((tool) => ({ name: tool.name, schema: toolSchemaToChatWire(tool) })),
      messages: parts(),
    });
    const cache = new GuardCache();
    for (const request of [cache.render(route, layout, head, history, parts), cache.render(route, layout, head, history, parts)]) {
      expect(request.segments.map((segment) => [segment.kind, segment.name, segment.prefixHash])).toEqual(expected.segments.map((segment) => [segment.kind, segment.name, segment.prefixHash]));
    }
  });
});
