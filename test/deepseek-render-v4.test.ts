import { describe, expect, it } from 'vitest';
import { displayDeepSeekText } from '../src/analysis/deepseek/special-tokens.js';
import { DeepSeekV4Renderer, renderDeepSeekV4, withGeneratedResponse } from '../src/analysis/deepseek/render-v4.js';
import { REASONING_EFFORT_MAX } from '../src/analysis/deepseek/reasoning-effort.js';
import type { ChatWireMessage } from '../src/providers/index.js';
import type { RequestParts } from '../src/prefix/index.js';

// Expected texts follow the published V4 encoding (the model's encoding/encoding_dsv4.py) in
// thinking mode, with the reasoning boundary at the last message the user wrote (shared/DESIGN.md).
const route = { provider: 'deepseek-official', model: 'deepseek-v4-flash' };
const BOS = '<｜begin▁of▁sentence｜>';
const EOS = '<｜end▁of▁sentence｜>';
const U = '<｜User｜>';
const A = '<｜Assistant｜>';
const D = '｜DSML｜';

function parts(messages: readonly ChatWireMessage[], tools: RequestParts['tools'] = []): RequestParts {
  return {
    system: [{ name: 'system', text: 'You are terse.' }],
    tools,
    messages: messages.map((wire, index) => ({ name: `message[${index}]:${wire.role}`, role: wire.role, wire })),
  };
}

function rendered(request: ReturnType<typeof renderDeepSeekV4>): string {
  return displayDeepSeekText(request.segments.map((segment) => segment.text).join(''));
}

const call = (id: string, name: string, args: string) => ({ id, type: 'function' as const, function: { name, arguments: args } });

interface Case {
  readonly messages: readonly ChatWireMessage[];
  readonly expected: string;
}

const cases = {
  'first turn: BOS, system, the user turn, then Assistant and <think>': {
    messages: [{ role: 'user', content: 'hi' }],
    expected: `${BOS}You are terse.${U}hi${A}<think>`,
  },
  'a finished turn before the last user message loses its reasoning and opens with </think>': {
    messages: [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'OK', reasoning_content: 'say OK' },
      { role: 'user', content: 'again' },
    ],
    expected: `${BOS}You are terse.${U}hi${A}</think>OK${EOS}${U}again${A}<think>`,
  },
  'inside a tool loop reasoning is kept; calls in DSML; results wrapped; consecutive user parts merged': {
    messages: [
      { role: 'user', content: 'list' },
      { role: 'user', content: 'ctx' },
      { role: 'assistant', content: '', reasoning_content: 'use ls', tool_calls: [call('c1', 'bash', '{"command":"ls","timeout":5}')] },
      { role: 'tool', tool_call_id: 'c1', content: 'a.txt' },
    ],
    expected:
      `${BOS}You are terse.${U}list\n\nctx${A}<think>use ls</think>\n\n<${D}tool_calls>\n<${D}invoke name="bash">\n` +
      `<${D}parameter name="command" string="true">ls</${D}parameter>\n<${D}parameter name="timeout" string="false">5</${D}parameter>\n</${D}invoke>\n</${D}tool_calls>${EOS}` +
      `${U}<tool_result>a.txt</tool_result>${A}<think>`,
  },
  'a stretch between two user messages in which the model called tools keeps its reasoning after a later user message; one without calls loses it': {
    messages: [
      { role: 'user', content: 'list' },
      { role: 'assistant', content: '', reasoning_content: 'use ls', tool_calls: [call('c1', 'bash', '{"command":"ls"}')] },
      { role: 'tool', tool_call_id: 'c1', content: 'a.txt' },
      { role: 'assistant', content: 'a.txt', reasoning_content: 'report' },
      { role: 'user', content: 'thanks' },
      { role: 'assistant', content: 'OK', reasoning_content: 'say OK' },
      { role: 'user', content: 'bye' },
    ],
    expected:
      `${BOS}You are terse.${U}list${A}<think>use ls</think>\n\n<${D}tool_calls>\n<${D}invoke name="bash">\n` +
      `<${D}parameter name="command" string="true">ls</${D}parameter>\n</${D}invoke>\n</${D}tool_calls>${EOS}` +
      `${U}<tool_result>a.txt</tool_result>${A}<think>report</think>a.txt${EOS}${U}thanks${A}</think>OK${EOS}${U}bye${A}<think>`,
  },
  'tool results follow the order of the calls; unparsable arguments become one parameter': {
    messages: [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: 'x', tool_calls: [call('c1', 'a', '{"v":[1,{"k":true}]}'), call('c2', 'b', 'not json')] },
      { role: 'tool', tool_call_id: 'c2', content: 'second' },
      { role: 'tool', tool_call_id: 'c1', content: 'first' },
    ],
    expected:
      `${BOS}You are terse.${U}go${A}<think></think>x\n\n<${D}tool_calls>\n<${D}invoke name="a">\n<${D}parameter name="v" string="false">[1, {"k": true}]</${D}parameter>\n</${D}invoke>\n` +
      `<${D}invoke name="b">\n<${D}parameter name="arguments" string="true">not json</${D}parameter>\n</${D}invoke>\n</${D}tool_calls>${EOS}` +
      `${U}<tool_result>first</tool_result>\n\n<tool_result>second</tool_result>${A}<think>`,
  },
} satisfies Record<string, Case>;

describe('DeepSeek V4 rendering', () => {
  for (const [name, testCase] of Object.entries(cases) as [string, Case][]) {
    it(name, () => {
      expect(rendered(renderDeepSeekV4(route, parts(testCase.messages)))).toBe(testCase.expected);
    });
  }

  it('lists each tool as one line of Python-style JSON inside the "## Tools" block, one segment per tool', () => {
    const tools = [
      { name: 'read', schema: { type: 'function', function: { name: 'read', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } } } },
      { name: 'write', schema: { type: 'function', function: { name: 'write', description: 'Write — ünïcode', parameters: { type: 'object' } } } },
    ];
    const request = renderDeepSeekV4(route, parts([{ role: 'user', content: 'hi' }], tools));
    const text = rendered(request);
    expect(text).toContain('\n\n## Tools\n\nYou have access to a set of tools');
    expect(text).toContain(`writing a "<${D}tool_calls>" block`);
    expect(text).toContain('### Available Tool Schemas\n\n{"name": "read", "description": "Read a file", "parameters": {"type": "object", "properties": {"path": {"type": "string"}}}}\n{"name": "write", "description": "Write — ünïcode", "parameters": {"type": "object"}}\n\nYou MUST strictly follow');
    expect(request.segments.filter((segment) => segment.kind === 'tool').map((segment) => segment.name)).toEqual(['read', 'write']);
  });

  it('keeps segment names and kinds of the request parts', () => {
    const messages: ChatWireMessage[] = [{ role: 'user', content: 'task' }];
    const request = renderDeepSeekV4(route, { system: [{ name: 'system', text: 's' }], tools: [], messages: [{ name: 'message[0]:user', role: 'user', wire: messages[0], kind: 'task' }] });
    expect(request.segments.map((segment) => [segment.kind, segment.name])).toEqual([
      ['system', 'system'],
      ['task', 'message[0]:user'],
    ]);
  });

  it('writes the max reasoning-effort instruction after BOS as its own head segment; other efforts write nothing', () => {
    const renderer = new DeepSeekV4Renderer();
    const max = renderer.render(route, parts([{ role: 'user', content: 'hi' }]), { reasoningEffort: 'max' });
    expect(rendered(max)).toBe(`${BOS}${REASONING_EFFORT_MAX}You are terse.${U}hi${A}<think>`);
    expect(max.segments[0]).toMatchObject({ kind: 'system', name: 'reasoning-effort' });
    // The same head without the instruction is another head, not the remembered one.
    const high = renderer.render(route, parts([{ role: 'user', content: 'hi' }]), { reasoningEffort: 'high' });
    expect(rendered(high)).toBe(`${BOS}You are terse.${U}hi${A}<think>`);
    expect(high.segments).toEqual(renderDeepSeekV4(route, parts([{ role: 'user', content: 'hi' }])).segments);
  });

  it('appends a generated response with its reasoning, as the server holds it after answering', () => {
    const request = renderDeepSeekV4(route, parts([{ role: 'user', content: 'hi' }]));
    const answered = withGeneratedResponse(request, { role: 'assistant', content: 'OK', reasoning_content: 'say OK' });
    expect(rendered(answered)).toBe(`${BOS}You are terse.${U}hi${A}<think>say OK</think>OK${EOS}`);
    expect(answered.segments.slice(0, -1)).toEqual(request.segments);
  });
});
