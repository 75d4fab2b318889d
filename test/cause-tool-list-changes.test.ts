import { expect, it } from 'vitest';
import { readRequestBody } from '../src/analysis/index.js';
import { compareWithCause } from '../src/analysis/causes/attributed-divergence.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';

// Issue 9 §2: a tool inserted before an existing one, or two tools swapped, used to be reported as
// "schema 'x' differs" though x did not change. Said as what happened, with names, on the real tool
// list of the GitHub MCP server as a client captured it (its own order, not sorted).
type McpTool = { name: string; description: string; inputSchema: unknown };
const body = (tools: readonly McpTool[]) => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  system: 'You are a GitHub assistant.',
  tools: tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema })),
  messages: [{ role: 'user', content: 'Open an issue about the flaky test.' }],
});
const compare = (parentTools: readonly McpTool[], childTools: readonly McpTool[]) =>
  compareWithCause(readRequestBody(body(parentTools), { source: 'parent' }).request, readRequestBody(body(childTools), { source: 'child' }).request).divergence;

describeWithCorpus('mcp-tools-list-captures', 'tool list changes are said as what happened', () => {
  const capture = () => (JSON.parse(readCorpusText('mcp-tools-list-captures/demo/mcp-snapshots/server-github.json')) as { tools: McpTool[] }).tools;
  const foreign = () => (JSON.parse(readCorpusText('mcp-tools-list-captures/demo/mcp-snapshots/server-filesystem.json')) as { tools: McpTool[] }).tools.find((tool) => tool.name === 'read_text_file')!;

  it('a tool inserted before an existing one: added, before which', () => {
    const tools = capture();
    const child = [...tools.slice(0, 5), foreign(), ...tools.slice(5)];
    expect(compare(tools, child)).toMatchObject({ cause: 'tools', name: 'read_text_file', side: 'child', index: 5, detail: `tool 'read_text_file' is added before '${tools[5]!.name}'` });
  });

  it('two tools swapped: reordered, naming the one that moved up', () => {
    const tools = capture();
    const child = [...tools.slice(0, 2), tools[3]!, tools[2]!, ...tools.slice(4)];
    expect(compare(tools, child)).toMatchObject({ cause: 'tools', name: tools[3]!.name, detail: `tools are reordered: '${tools[3]!.name}' now comes before '${tools[2]!.name}'` });
  });

  it('a schema whose description changed: changed, at which field', () => {
    const tools = capture();
    const child = tools.map((tool, index) => (index === 7 ? { ...tool, description: `${tool.description} Use sparingly.` } : tool));
    expect(compare(tools, child)).toMatchObject({ cause: 'tools', name: tools[7]!.name, index: 7, detail: `the schema of tool '${tools[7]!.name}' changed at description` });
  });

  it('a tool replaced by another at its place: both said, the first in wire order leading', () => {
    const tools = capture();
    const child = [...tools.slice(0, 3), foreign(), ...tools.slice(4)];
    const divergence = compare(tools, child);
    expect(divergence?.cause).toBe('tools');
    expect(divergence?.detail).toContain(`tool '${tools[3]!.name}' is removed`);
    expect(divergence?.detail).toContain("tool 'read_text_file' is added");
  });
});
