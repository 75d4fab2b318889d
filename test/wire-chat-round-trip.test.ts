import { expect, it } from 'vitest';
import { readRequestFile } from '../src/analysis/index.js';
import { isJsonObject } from '../src/analysis/wire/body-fields.js';
import { parseYamlText } from '../src/analysis/wire/parse-yaml-text.js';
import { SECTION_SEPARATOR } from '../src/prefix/index.js';
import { corpusPath, describeWithCorpus, hasCorpus, readCorpusText } from './support/corpus.js';

const CASSETTES = 'pydantic-ai-cache-cassettes/tests/models/cassettes';

/** The recorded request bodies of a cassette, as the cassette holds them. */
function recordedBodies(file: string): Record<string, unknown>[] {
  const document = parseYamlText(readCorpusText(CASSETTES, file), file) as { interactions: { request: { parsed_body: Record<string, unknown> } }[] };
  return document.interactions.map((interaction) => interaction.request.parsed_body);
}

const CASES = [
  { file: 'test_deepseek/test_deepseek_deferred_capability_with_thinking.yaml', format: 'deepseek-chat', provider: 'deepseek' },
  { file: 'test_openai_prompt_cache/test_openai_chat_prompt_cache_e2e.yaml', format: 'openai-chat', provider: 'openai' },
  // Mistral's API takes the OpenAI chat format; the route names Mistral, whose cache it reaches.
  { file: 'test_mistral/test_mistral_history_uses_prompt_cache.yaml', format: 'openai-chat', provider: 'mistral' },
] as const;

describeWithCorpus('pydantic-ai-cache-cassettes', 'chat completions bodies round-trip into segments', () => {
  for (const { file, format, provider } of CASES) {
    // Listed at collection time (one test per recorded body), so only when the corpus is there.
    (hasCorpus(CASSETTES) ? recordedBodies(file) : []).forEach((body, index) => {
      it(`${file}#${index + 1}: system, tools and messages re-assemble the body`, async () => {
        const { request, format: detected } = await readRequestFile(`${file}#${index + 1}`, { cwd: corpusPath(CASSETTES) });
        expect(detected).toBe(format);
        // `prompt_cache_key` (OpenAI's and Mistral's) salts the route.
        expect(request.route).toEqual({ provider, model: body['model'], ...(typeof body['prompt_cache_key'] === 'string' ? { salt: `prompt_cache_key:${body['prompt_cache_key']}` } : {}) });
        expect(request.layout).toBe('chat');

        const messages = body['messages'] as Record<string, unknown>[];
        let head = 0;
        while (messages[head]?.['role'] === 'system') head++;
        const system = request.segments.filter((segment) => segment.kind === 'system');
        expect(system.map((segment, at) => (at === 0 ? segment.text : segment.text.slice(SECTION_SEPARATOR.length)))).toEqual(messages.slice(0, head).map((message) => message['content']));

        const tools = request.segments.filter((segment) => segment.kind === 'tool');
        const wireTools = (body['tools'] as Record<string, { name: string }>[] | undefined) ?? [];
        expect(tools.map((segment) => segment.name)).toEqual(wireTools.map((tool) => tool['function']!.name));
        expect(tools.map((segment) => JSON.parse(segment.text))).toEqual(wireTools);

        const rest = request.segments.filter((segment) => segment.kind === 'message' || segment.kind === 'task');
        // A message cut after a block with a `prompt_cache_breakpoint` is several segments: the later
        // ones (`….content[k]`) carry the rest of its content, and the breakpoint is metadata.
        const reassembled: Record<string, unknown>[] = [];
        for (const segment of rest) {
          const piece = JSON.parse(segment.text) as { content: Record<string, unknown>[] };
          if (segment.meta?.cacheControl?.type === 'explicit') piece.content.at(-1)!['prompt_cache_breakpoint'] = { mode: 'explicit' };
          if (/\.content\[\d+\]$/.test(segment.name)) (reassembled.at(-1)!['content'] as unknown[]).push(...piece.content);
          else reassembled.push(piece);
        }
        expect(reassembled).toEqual(messages.slice(head));
        expect(rest.filter((segment) => !segment.name.includes('.content[')).map((segment) => segment.meta?.role)).toEqual(messages.slice(head).map((message) => message['role']));
        expect(request.segments).toHaveLength(system.length + tools.length + rest.length);
        // Wire order of the chat layout: the system prompt, then the tools, then the conversation.
        expect(request.segments.map((segment) => segment.kind === 'task' ? 'message' : segment.kind)).toEqual([...system.map(() => 'system'), ...tools.map(() => 'tool'), ...rest.map(() => 'message')]);

        const lastUser = messages.findLastIndex((message) => message['role'] === 'user');
        expect(rest.filter((segment) => segment.kind === 'task' && !segment.name.includes('.content[')).map((segment) => segment.name)).toEqual([`message[${lastUser}]:user`]);
      });
    });
  }

  it("keeps DeepSeek's reasoning_content on the assistant messages it replays", async () => {
    const { request } = await readRequestFile(`${CASSETTES}/test_deepseek/test_deepseek_deferred_capability_with_thinking.yaml#3`, { cwd: corpusPath() });
    const assistants = request.segments.filter((segment) => segment.meta?.role === 'assistant').map((segment) => JSON.parse(segment.text) as Record<string, unknown>);
    expect(assistants).toHaveLength(3);
    expect(assistants.every((message) => isJsonObject(message) && 'reasoning_content' in message)).toBe(true);
    expect(assistants[0]!['reasoning_content']).toContain('I need to roll a die');
  });
});
