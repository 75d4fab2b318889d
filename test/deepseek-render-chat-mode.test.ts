import { expect, it } from 'vitest';
import { displayDeepSeekText } from '../src/analysis/deepseek/special-tokens.js';
import { DeepSeekV4Renderer, renderDeepSeekV4, withGeneratedResponse } from '../src/analysis/deepseek/render-v4.js';
import type { ChatWireMessage } from '../src/providers/index.js';
import type { RequestParts } from '../src/prefix/index.js';

// Chat mode (`thinking: {type: "disabled"}`) as the published V4 encoding writes it
// (encoding/encoding_dsv4.py, `thinking_mode="chat"`): `</think>` right after every Assistant
// marker, no reasoning in any assistant turn, and no reasoning-effort instruction.
const route = { provider: 'deepseek-official', model: 'deepseek-v4-flash' };
const BOS = '<｜begin▁of▁sentence｜>';
const EOS = '<｜end▁of▁sentence｜>';
const U = '<｜User｜>';
const A = '<｜Assistant｜>';
const D = '｜DSML｜';

const call = { id: 'c1', type: 'function' as const, function: { name: 'bash', arguments: '{"command":"ls"}' } };
const messages: readonly ChatWireMessage[] = [
  { role: 'user', content: 'list' },
  { role: 'assistant', content: '', reasoning_content: 'use ls', tool_calls: [call] },
  { role: 'tool', tool_call_id: 'c1', content: 'a.txt' },
];
const parts: RequestParts = { system: [{ name: 'system', text: 'You are terse.' }], tools: [], messages: messages.map((wire, index) => ({ name: `message[${index}]:${wire.role}`, role: wire.role, wire })) };
const text = (request: ReturnType<typeof renderDeepSeekV4>) => displayDeepSeekText(request.segments.map((segment) => segment.text).join(''));
const calls = `\n\n<${D}tool_calls>\n<${D}invoke name="bash">\n<${D}parameter name="command" string="true">ls</${D}parameter>\n</${D}invoke>\n</${D}tool_calls>`;

it('renders a request with thinking off in chat mode: </think> after every Assistant marker, no reasoning, no max-effort instruction', () => {
  const chat = renderDeepSeekV4(route, parts, { thinking: false, reasoningEffort: 'max' });
  expect(text(chat)).toBe(`${BOS}You are terse.${U}list${A}</think>${calls}${EOS}${U}<tool_result>a.txt</tool_result>${A}</think>`);
  expect(text(withGeneratedResponse(chat, { role: 'assistant', content: 'a.txt', reasoning_content: 'done' }, { thinking: false }))).toMatch(new RegExp(`${A}</think>a\\.txt${EOS}$`));
  // One renderer serves both modes without handing one mode's segments to the other.
  const renderer = new DeepSeekV4Renderer();
  const thinking = text(renderer.render(route, parts));
  expect(text(renderer.render(route, parts, { thinking: false }))).toBe(text(chat));
  expect(text(renderer.render(route, parts))).toBe(thinking);
  expect(thinking).toBe(`${BOS}You are terse.${U}list${A}<think>use ls</think>${calls}${EOS}${U}<tool_result>a.txt</tool_result>${A}<think>`);
});
