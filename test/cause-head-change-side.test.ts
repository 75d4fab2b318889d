import { expect, it } from 'vitest';
import { readRequestBody } from '../src/analysis/index.js';
import { compareWithCause } from '../src/analysis/causes/attributed-divergence.js';
import { comparePrefix } from '../src/prefix/index.js';
import { toolSchemaToChatWire } from '../src/providers/session/index.js';
import { describeWithCorpus, listCorpusFiles, readCorpusText } from './support/corpus.js';
import { readPin } from './support/runtime-corpus.js';

// Issue 9 §2: the first differing byte can sit at the *start* of one side's next segment while the
// change is in the other side's head. The cause must name the head change, and the divergence point
// at the side that holds it.
type McpTool = { name: string; description: string; inputSchema: unknown };
const task = 'List the open pull requests of kvprefix/kvprefix.';
const chatTool = (tool: McpTool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } });
const chatBody = (system: string, tools: readonly unknown[]) => ({ model: 'gpt-4.1', messages: [{ role: 'system', content: system }, { role: 'user', content: task }], tools });
const anthropicBody = (system: string) => ({ model: 'claude-sonnet-4-5', max_tokens: 1024, system, messages: [{ role: 'user', content: task }] });
const read = (body: unknown) => readRequestBody(body, { source: 'body.json' }).request;

describeWithCorpus('github-mcp-server-toolsnaps', 'a tool added after every parent tool', () => {
  it('is a tools change at the child\'s new tool, though the parent\'s first differing byte starts its first message (chat)', () => {
    const snaps = listCorpusFiles('github-mcp-server-toolsnaps/pkg/github/__toolsnaps__', '.snap').map((file) => JSON.parse(readCorpusText(file)) as McpTool);
    const sorted = [...snaps].sort((a, b) => (a.name < b.name ? -1 : 1));
    const parentTools = sorted.slice(0, 20);
    const added = sorted.at(-1)!;
    const system = readCorpusText('claude-code-prompts-piebald/system-prompts/system-prompt-doing-tasks-help-and-feedback.md');
    const parent = read(chatBody(system, parentTools.map(chatTool)));
    const child = read(chatBody(system, [...parentTools, added].map(chatTool)));
    // The engine's facts: both sides two bytes (`{"`) into a segment, the parent's first message and the child's new tool.
    expect(comparePrefix(parent, child).divergence).toMatchObject({ parent: { kind: 'task', segmentByteOffset: 2 }, child: { kind: 'tool', name: added.name, segmentByteOffset: 2 } });
    const result = compareWithCause(parent, child).divergence;
    expect(result).toMatchObject({ cause: 'tools', name: added.name, side: 'child', kind: 'tool', index: 21, inferred: true });
    expect(result?.detail).toBe(`tool '${added.name}' is added after '${parentTools.at(-1)!.name}', the last of the parent's tools`);
  });
});

describeWithCorpus('dsh', 'the DSH report tool sorted after every parent tool', () => {
  it('is report-tool, not the first history message', () => {
    const pin = readPin('text-turn');
    const parentTools = pin.tools.filter((tool) => tool.name <= 'read');
    const report = { name: 'report', description: 'Report your result.', parameters: { type: 'object', properties: { result: { type: 'string' } } } };
    const parent = read({ model: 'deepseek-v4-flash', messages: [{ role: 'system', content: pin.system }, { role: 'user', content: task }], tools: parentTools.map(toolSchemaToChatWire) });
    const child = read({ model: 'deepseek-v4-flash', messages: [{ role: 'system', content: pin.system }, { role: 'user', content: task }], tools: [...parentTools, report].map(toolSchemaToChatWire) });
    expect(parentTools.at(-1)!.name).toBe('read');
    expect(comparePrefix(parent, child).divergence?.parent).toMatchObject({ kind: 'task', segmentByteOffset: 2 });
    expect(compareWithCause(parent, child).divergence).toMatchObject({ cause: 'report-tool', name: 'report', side: 'child', kind: 'tool' });
  });
});

describeWithCorpus('claude-code-prompts-piebald', 'a system prompt that only gains text at its end', () => {
  const texts = () => ({
    base: readCorpusText('claude-code-prompts-piebald/system-prompts/system-prompt-doing-tasks-help-and-feedback.md'),
    extra: readCorpusText('claude-code-prompts-piebald/system-prompts/agent-prompt-claude-md-creation.md'),
  });

  it('chat layout: a system change at the child\'s system text, not the parent\'s first tool', () => {
    const { base, extra } = texts();
    const tools = [{ type: 'function', function: { name: 'read', description: 'Read a file.', parameters: { type: 'object' } } }];
    const parent = read(chatBody(base, tools));
    const child = read(chatBody(`${base}\n\n${extra}`, tools));
    expect(comparePrefix(parent, child).divergence).toMatchObject({ parent: { kind: 'tool', segmentByteOffset: 0 }, child: { kind: 'system' } });
    const result = compareWithCause(parent, child).divergence;
    expect(result).toMatchObject({ cause: 'system', side: 'child', kind: 'system', index: 0, name: 'system[0]' });
    expect(result?.detail).toMatch(new RegExp(`^system text 'system\\[0\\]' gains ${(extra.length + 2).toLocaleString('en-US')} characters at its end: "`));
  });

  it('Anthropic layout: a system change, not the parent\'s first message', () => {
    const { base, extra } = texts();
    const parent = read(anthropicBody(base));
    const child = read(anthropicBody(`${base}\n\n${extra}`));
    expect(comparePrefix(parent, child).divergence).toMatchObject({ parent: { kind: 'task', segmentByteOffset: 0 }, child: { kind: 'system' } });
    expect(compareWithCause(parent, child).divergence).toMatchObject({ cause: 'system', side: 'child', kind: 'system' });
  });
});
