import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readRequestBody, readRequestFile } from '../src/analysis/index.js';
import { parseYamlText } from '../src/analysis/wire/parse-yaml-text.js';
import { SECTION_SEPARATOR } from '../src/prefix/index.js';
import { corpusPath, describeWithCorpus, hasCorpus, readCorpusText } from './support/corpus.js';

const CASSETTES = 'pydantic-ai-cache-cassettes/tests/models/cassettes';
const FOLDERS = ['pydantic-ai-cache-cassettes', 'mcp-tools-list-captures', 'claude-code-prompts-piebald'];
const FILES = ['test_anthropic/test_anthropic_cache_real_api.yaml', 'test_anthropic_mid_conversation_system/test_inline_system_prompt_cache_prefix_is_reused.yaml'];

function recordedBodies(file: string): Record<string, unknown>[] {
  const document = parseYamlText(readCorpusText(CASSETTES, file), file) as { interactions: { request: { parsed_body: Record<string, unknown> } }[] };
  return document.interactions.map((interaction) => interaction.request.parsed_body);
}

/** A message with every `cache_control` taken off its content blocks, a lone text block as its string (Anthropic renders both alike). */
function withoutBreakpoints(message: Record<string, unknown>): Record<string, unknown> {
  const content = message['content'];
  if (!Array.isArray(content)) return message;
  const blocks = content.map(({ cache_control: _dropped, ...block }: Record<string, unknown>) => block);
  const lone = blocks.length === 1 && blocks[0]!['type'] === 'text' && Object.keys(blocks[0]!).length === 2;
  return { ...message, content: lone ? blocks[0]!['text'] : blocks };
}

describeWithCorpus(FOLDERS, 'Anthropic messages bodies round-trip into segments', () => {
  for (const file of FILES) {
    // Listed at collection time (one test per recorded body), so only when the corpus is there.
    (hasCorpus(CASSETTES) ? recordedBodies(file) : []).forEach((body, index) => {
      it(`${file}#${index + 1}: system and messages re-assemble the body, breakpoints kept as metadata`, async () => {
        const { request, format } = await readRequestFile(`${file}#${index + 1}`, { cwd: corpusPath(CASSETTES) });
        expect(format).toBe('anthropic-messages');
        expect(request.route).toEqual({ provider: 'anthropic', model: body['model'] });
        expect(request.layout).toBe('anthropic');

        const [system, ...rest] = request.segments;
        expect(system).toMatchObject({ kind: 'system', name: 'system', text: body['system'] });
        const messages = body['messages'] as Record<string, unknown>[];
        expect(rest.map((segment) => JSON.parse(segment.text))).toEqual(messages.map(withoutBreakpoints));
        expect(rest.map((segment) => segment.text.includes('cache_control'))).toEqual(messages.map(() => false));

        const breakpoints = messages.map((message) => (message['content'] as Record<string, unknown>[]).findLast((block) => block['cache_control'])?.['cache_control']);
        // A top-level `cache_control` (automatic caching) is the last message's breakpoint.
        if (body['cache_control'] !== undefined && breakpoints.at(-1) === undefined) breakpoints[breakpoints.length - 1] = body['cache_control'];
        expect(rest.map((segment) => segment.meta?.cacheControl)).toEqual(breakpoints);
      });
    });
  }

  it('keeps the 5-minute breakpoint of the mid-conversation system message on its segment', async () => {
    const { request } = await readRequestFile(`${FILES[1]}#1`, { cwd: corpusPath(CASSETTES) });
    const marked = request.segments.filter((segment) => segment.meta?.cacheControl !== undefined);
    expect(marked.map((segment) => [segment.name, segment.meta?.cacheControl])).toEqual([['message[3]:system', { type: 'ephemeral', ttl: '5m' }]]);
    // The task is the last message the user wrote; the system message after it is not a task.
    expect(request.segments.filter((segment) => segment.kind === 'task').map((segment) => segment.name)).toEqual(['message[2]:user']);
  });

  it('reads block system prompts and tools in wire order (tools first), with their breakpoints, from real prompt text', () => {
    const capture = JSON.parse(readCorpusText('mcp-tools-list-captures/demo/mcp-snapshots/server-filesystem.json')) as { tools: { name: string; description: string; inputSchema: unknown }[] };
    const sections = ['system-prompt-doing-tasks-help-and-feedback.md', 'system-prompt-teammate-communication.md'].map((name) => readCorpusText('claude-code-prompts-piebald/system-prompts', name));
    const tools = capture.tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }));
    const body = {
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      system: [{ type: 'text', text: sections[0] }, { type: 'text', text: sections[1], cache_control: { type: 'ephemeral', ttl: '1h' } }],
      tools: tools.map((tool, index) => (index === tools.length - 1 ? { ...tool, cache_control: { type: 'ephemeral' } } : tool)),
      messages: [{ role: 'user', content: [{ type: 'text', text: 'List the allowed directories.' }] }],
    };
    const { request } = readRequestBody(body, { source: 'built from corpus' });
    const kinds = request.segments.map((segment) => segment.kind);
    expect(kinds).toEqual([...tools.map(() => 'tool'), 'system', 'system', 'task']);
    expect(request.segments.slice(0, tools.length).map((segment) => segment.name)).toEqual(capture.tools.map((tool) => tool.name));
    expect(request.segments.slice(0, tools.length).map((segment) => JSON.parse(segment.text))).toEqual(tools);
    expect(request.segments[tools.length - 1]!.meta?.cacheControl).toEqual({ type: 'ephemeral' });
    const [first, second] = request.segments.slice(tools.length, tools.length + 2);
    expect(first!.text).toBe(sections[0]);
    expect(second!.text).toBe(SECTION_SEPARATOR + sections[1]);
    expect(second!.meta?.cacheControl).toEqual({ type: 'ephemeral', ttl: '1h' });
  });

  it('reads the same body from a JSON file wrapped as a recorded exchange', async () => {
    const body = recordedBodies(FILES[0]!)[1]!;
    const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-wire-'));
    writeFileSync(path.join(folder, 'exchange.json'), JSON.stringify({ request: { method: 'POST', uri: 'https://api.anthropic.com/v1/messages', body: JSON.stringify(body) } }));
    writeFileSync(path.join(folder, 'wrapped.json'), JSON.stringify({ request: body }));
    const direct = await readRequestFile(`${FILES[0]}#2`, { cwd: corpusPath(CASSETTES) });
    for (const file of ['exchange.json', 'wrapped.json']) {
      const { request } = await readRequestFile(file, { cwd: folder });
      expect(request.segments.map((segment) => segment.prefixHash)).toEqual(direct.request.segments.map((segment) => segment.prefixHash));
    }
  });
});
