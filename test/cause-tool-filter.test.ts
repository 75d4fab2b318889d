import { beforeAll, expect, it } from 'vitest';
import { readRequestBody } from '../src/analysis/index.js';
import { describeWithCorpus, listCorpusFiles, readCorpusText, readOnce } from './support/corpus.js';
import { compareWithCause } from './support/compare-with-cause.js';

type McpTool = { name: string; description: string; inputSchema: unknown; annotations?: { readOnlyHint?: boolean } };

const FOLDERS = ['github-mcp-server-toolsnaps', 'mcp-tools-list-captures', 'claude-code-prompts-piebald'];
const githubSnaps = readOnce(() => listCorpusFiles('github-mcp-server-toolsnaps/pkg/github/__toolsnaps__', '.snap').map((file) => JSON.parse(readCorpusText(file)) as McpTool));
const captureOf = (server: string) => (JSON.parse(readCorpusText(`mcp-tools-list-captures/demo/mcp-snapshots/${server}.json`)) as { tools: McpTool[] }).tools;
const systemPrompt = readOnce(() => readCorpusText('claude-code-prompts-piebald/system-prompts/system-prompt-doing-tasks-help-and-feedback.md'));
const task = 'List the open pull requests of kvprefix/kvprefix.';

const chatBody = (tools: readonly McpTool[]) => ({
  model: 'gpt-4.1',
  messages: [{ role: 'system', content: systemPrompt() }, { role: 'user', content: task }],
  tools: tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } })),
});

const anthropicBody = (tools: readonly McpTool[]) => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  system: systemPrompt(),
  tools: tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema })),
  messages: [{ role: 'user', content: task }],
});

describeWithCorpus(FOLDERS, 'a child whose tools are a filtered subset of the parent\'s diverges with cause tool-filter', () => {
  let snaps: McpTool[];
  let capture: McpTool[];
  beforeAll(() => {
    snaps = githubSnaps();
    capture = captureOf('server-github');
  });

  it('at the first removed tool in wire order: a read-only filter over the 117 github-mcp-server tools (chat)', () => {
    const readOnly = snaps.filter((tool) => tool.annotations?.readOnlyHint === true);
    expect(snaps).toHaveLength(117);
    expect(readOnly.length).toBeGreaterThan(0);
    expect(readOnly.length).toBeLessThan(snaps.length);
    const parent = readRequestBody(chatBody(snaps), { source: 'parent' }).request;
    const child = readRequestBody(chatBody(readOnly), { source: 'child' }).request;
    const firstRemoved = snaps.findIndex((tool) => tool.annotations?.readOnlyHint !== true);

    const result = compareWithCause(parent, child);
    // Chat layout: one system segment, then the tools.
    expect(result.divergence).toMatchObject({ index: 1 + firstRemoved, kind: 'tool', name: snaps[firstRemoved]!.name, cause: 'tool-filter', side: 'parent' });
    expect(result.commonPrefix.segments).toBe(1 + firstRemoved);
    // Byte-exact: the whole shared segments, then the bytes the removed tool's schema shares with the next one.
    const before = parent.segments.slice(0, 1 + firstRemoved).reduce((sum, segment) => sum + segment.byteLength, 0);
    const removed = Buffer.from(parent.segments[1 + firstRemoved]!.text);
    const next = Buffer.from(child.segments[1 + firstRemoved]!.text);
    let shared = 0;
    while (removed[shared] === next[shared]) shared++;
    expect(result.commonPrefix.bytes).toBe(before + shared);
    expect(result.divergence?.byteOffset).toBe(before + shared);
  });

  it('at the first removed tool in the capture\'s own order, whatever order the deny list names them in (Anthropic)', () => {
    const deny = ['merge_pull_request', 'push_files'];
    const parent = readRequestBody(anthropicBody(capture), { source: 'parent' }).request;
    const child = readRequestBody(anthropicBody(capture.filter((tool) => !deny.includes(tool.name))), { source: 'child' }).request;
    // Tools keep their wire order: the capture lists push_files (5th) long before merge_pull_request.
    expect(parent.segments.slice(0, capture.length).map((segment) => segment.name)).toEqual(capture.map((tool) => tool.name));
    const firstRemoved = capture.findIndex((tool) => tool.name === 'push_files');
    expect(firstRemoved).toBe(4);

    const result = compareWithCause(parent, child);
    // Anthropic layout: tools come first, so the four tools before push_files are shared.
    expect(result.divergence).toMatchObject({ index: firstRemoved, kind: 'tool', name: 'push_files', cause: 'tool-filter' });
    expect(result.commonPrefix.segments).toBe(firstRemoved);
  });

  it('is not a filter when the child also adds a tool: the cause is then tools', () => {
    const parent = readRequestBody(chatBody(snaps), { source: 'parent' }).request;
    const foreign = captureOf('server-filesystem').find((tool) => tool.name === 'read_text_file')!;
    expect(snaps.some((tool) => tool.name === foreign.name)).toBe(false);
    const child = readRequestBody(chatBody([...snaps.slice(0, 3), foreign, ...snaps.slice(4)]), { source: 'child' }).request;
    expect(compareWithCause(parent, child).divergence).toMatchObject({ index: 4, kind: 'tool', cause: 'tools' });
  });
});
