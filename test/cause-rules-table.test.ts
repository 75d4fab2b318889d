import { describe, expect, it } from 'vitest';
import { type DivergenceCause } from '../src/analysis/index.js';
import { CAUSE_RULES } from '../src/analysis/causes/cause-rules.js';
import { compareWithCause } from '../src/analysis/causes/attributed-divergence.js';
import { DIVERGENCE_CAUSES } from '../src/analysis/causes/divergence-cause.js';
import { renderRequest, type MessagePart, type RequestParts, type SystemPart, type ToolPart } from '../src/prefix/index.js';
import { RUNTIME_CONTEXT_PREAMBLE } from '../src/providers/runtime/index.js';

// One small case per cause, in the runtime's shape (sections by id), so every rule is seen to fire
// on exactly the change it names — and no cause exists without a rule.
const route = { provider: 'deepseek', model: 'deepseek-v4-flash' };
const section = (name: string, text: string, kind: 'system' | 'sdk' = 'system'): SystemPart => ({ name, text, kind });
const tool = (name: string, description = `The ${name} tool.`): ToolPart => ({ name, schema: { type: 'function', function: { name, description, parameters: { type: 'object' } } } });
const message = (name: string, role: string, content: string, kind: 'message' | 'task' = 'message'): MessagePart => ({ name, role, wire: { role, content }, kind });

const base: RequestParts = {
  system: [section('harness:identity', 'You are an AI agent powered by DeepSeek Harness.'), section('deployment:persona', 'You are a coding assistant.'), section('tool:edit', 'Use edit for small changes.'), section('tools:sdk', 'declare function edit(): void;', 'sdk')],
  tools: [tool('bash'), tool('edit'), tool('read')],
  messages: [message('m0', 'user', 'Remember MARMALADE.'), message('m1', 'assistant', 'OK'), message('m2', 'user', 'What is the codeword?', 'task'), message('m3', 'user', `${RUNTIME_CONTEXT_PREAMBLE}\n\ncwd: /a`)],
};
const replaceSection = (name: string, text: string) => base.system.map((part) => (part.name === name ? { ...part, text } : part));

const CASES = {
  route: { route: { ...route, model: 'deepseek-v4-pro' } },
  persona: { parts: { ...base, system: replaceSection('deployment:persona', 'You review code.') } },
  'tool-filter': { parts: { ...base, tools: [tool('bash'), tool('read')] } },
  sdk: { parts: { ...base, system: replaceSection('tools:sdk', 'declare function read(): string;') } },
  'report-tool': { parts: { ...base, tools: [...base.tools, tool('report')] } },
  'output-contract': { parts: { ...base, system: [...base.system, section('tool:structured_output', 'When you have your final answer, you MUST report it.')], tools: [...base.tools, tool('structured_output')] } },
  system: { parts: { ...base, system: replaceSection('tool:edit', 'Use edit for small changes. Never rewrite whole files.') } },
  tools: { parts: { ...base, tools: [tool('bash'), tool('edit', 'Edit a file in place.'), tool('read')] } },
  'system-toggle-changed': { parts: { ...base, settings: [{ name: 'citations', key: 'enabled', heads: 'system' }] } },
  'speed-changed': { parts: { ...base, settings: [{ name: 'speed', key: 'fast', heads: 'system' }] } },
  'tool-choice-changed': { parts: { ...base, settings: [{ name: 'tool_choice', key: '{"type":"any"}', heads: 'messages' }] } },
  'images-changed': { parts: { ...base, settings: [{ name: 'images', key: 'present', heads: 'messages' }] } },
  'thinking-changed': { parts: { ...base, settings: [{ name: 'thinking', key: '{"budget_tokens":2048,"type":"enabled"}', heads: 'messages' }] } },
  extension: { parts: { ...base, messages: [...base.messages, message('m4', 'assistant', 'MARMALADE')] } },
  task: { parts: { ...base, messages: [base.messages[0]!, base.messages[1]!, message('m2', 'user', 'Spell the codeword backwards.', 'task'), base.messages[3]!] } },
  'runtime-context': { parts: { ...base, messages: [...base.messages.slice(0, 3), message('m3', 'user', `${RUNTIME_CONTEXT_PREAMBLE}\n\ncwd: /b`)] } },
  history: { parts: { ...base, messages: [base.messages[0]!, message('m1', 'assistant', 'Noted.'), ...base.messages.slice(2)] } },
} satisfies Record<DivergenceCause, { route?: typeof route; parts?: RequestParts }>;

describe('one rule per cause', () => {
  it('every cause has exactly one rule, and every rule says when it applies', () => {
    expect(CAUSE_RULES.map((rule) => rule.cause).sort()).toEqual([...DIVERGENCE_CAUSES].sort());
    for (const rule of CAUSE_RULES) expect(rule.when.length).toBeGreaterThan(10);
  });

  const parent = renderRequest(route, 'chat', base);
  for (const [cause, change] of Object.entries(CASES) as [DivergenceCause, { route?: typeof route; parts?: RequestParts }][]) {
    it(`${cause}: the change it names is the one made`, () => {
      const child = renderRequest(change.route ?? route, 'chat', change.parts ?? base);
      expect(compareWithCause(parent, child).divergence?.cause).toBe(cause);
    });
  }
});
