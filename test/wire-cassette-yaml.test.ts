import { describe, expect, it } from 'vitest';
import { parseYamlText } from '../src/analysis/wire/parse-yaml-text.js';
import { InputError } from '../src/prefix/index.js';
import { itWithCorpus, listCorpusFiles, readCorpusText } from './support/corpus.js';

const CASSETTES = 'pydantic-ai-cache-cassettes/tests/models/cassettes';

type Exchange = { request: Record<string, unknown> & { parsed_body?: Record<string, unknown> }; response: Record<string, unknown> };
const read = (file: string) => parseYamlText(readCorpusText(CASSETTES, file), file) as { interactions: Exchange[]; version: number };

describe('recorded-exchange YAML (vcrpy cassettes as pydantic-ai writes them)', () => {
  it('reads anchors and aliases, flow collections and folded blocks, which real YAML writers emit', () => {
    expect(parseYamlText('a: &x {method: POST}\nb: *x\nc: >\n  folded\n  text\n', 'x.yaml')).toEqual({ a: { method: 'POST' }, b: { method: 'POST' }, c: 'folded text\n' });
  });

  itWithCorpus('pydantic-ai-cache-cassettes', 'reads every cassette of the corpus into interactions with a request and a response', () => {
    const folders = ['test_anthropic', 'test_anthropic_mid_conversation_system', 'test_bedrock', 'test_cohere', 'test_deepseek', 'test_mistral', 'test_openai_prompt_cache', 'test_openai_tool_availability_delta'];
    const files = folders.flatMap((folder) => listCorpusFiles(`${CASSETTES}/${folder}`, '.yaml').map((file) => file.slice(CASSETTES.length + 1)));
    expect(files).toHaveLength(12);
    for (const file of files) {
      const cassette = read(file);
      expect(cassette.version).toBe(1);
      expect(cassette.interactions.length).toBeGreaterThan(0);
      for (const { request, response } of cassette.interactions) {
        expect(request['method']).toBe('POST');
        expect(typeof request['uri']).toBe('string');
        expect(response).toHaveProperty('status.code', 200);
      }
    }
  });

  itWithCorpus('pydantic-ai-cache-cassettes', 'keeps quoted numbers as strings and resolves plain scalars as PyYAML does', () => {
    const [first] = read('test_deepseek/test_deepseek_deferred_capability_with_thinking.yaml').interactions;
    expect(first!.request['headers']).toMatchObject({ 'content-length': ['1768'], host: ['api.deepseek.com'] });
    expect(first!.request.parsed_body).toMatchObject({ stream: false, tool_choice: 'auto', model: 'deepseek-reasoner' });
    expect(first!.response['parsed_body']).toMatchObject({ usage: { prompt_cache_hit_tokens: 512, prompt_tokens: 563 }, choices: [{ logprobs: null, index: 0 }] });
  });

  itWithCorpus('pydantic-ai-cache-cassettes', 'folds a plain scalar over its continuation lines with single spaces', () => {
    const [first] = read('test_deepseek/test_deepseek_deferred_capability_with_thinking.yaml').interactions;
    const messages = first!.request.parsed_body!['messages'] as { content: string }[];
    expect(messages[0]!.content).toBe(
      "You're a dice game, you should roll the die and see if the number you get back matches the user's guess. If so, tell them they're a winner. Use the player's name in the response.",
    );
    // A literal block (`|-`) keeps its line breaks and drops the final one.
    expect(messages[1]!.content).toBe('The following capabilities are deferred and can be loaded using the `load_capability` tool:\n- DICE_ROLL');
  });

  itWithCorpus('pydantic-ai-cache-cassettes', 'reads a literal block of 500 catalogue lines verbatim', () => {
    const [first] = read('test_openai_prompt_cache/test_openai_chat_prompt_cache_e2e.yaml').interactions;
    const content = (first!.request.parsed_body!['messages'] as { content: { text: string; prompt_cache_breakpoint?: unknown }[] }[])[0]!.content;
    const lines = content[0]!.text.split('\n');
    expect(lines[0]).toBe('Reference catalogue for the prompt cache test corpus.');
    expect(lines.slice(1).every((line, index) => line.startsWith(`Entry ${String(index).padStart(4, '0')}: shelf `))).toBe(true);
    expect(content[0]!.text.endsWith('\n')).toBe(false);
    expect(content[0]!.prompt_cache_breakpoint).toEqual({ mode: 'explicit' });
    expect(content[1]!.text).toBe('Reply with exactly: OK');
  });

  itWithCorpus('pydantic-ai-cache-cassettes', 'folds a single-quoted scalar that runs over many lines', () => {
    const [first] = read('test_anthropic/test_anthropic_cache_real_api.yaml').interactions;
    const text = ((first!.request.parsed_body!['messages'] as { content: { text: string }[] }[])[0]!.content[0]!).text;
    expect(text).toMatch(/^(?:Please explain what Python is and its main use cases\. )+$/);
    expect(text.length).toBeGreaterThan(5000);
  });

  itWithCorpus('pydantic-ai-cache-cassettes', 'reads a JSON body kept as a folded single-quoted string, and `!!binary` header values as bytes', () => {
    const [first] = read('test_bedrock/test_bedrock_cache_write_and_read.yaml').interactions;
    const body = JSON.parse(first!.request['body'] as string) as { messages: unknown[]; toolConfig: unknown };
    expect(body.messages).toHaveLength(1);
    expect(body.toolConfig).toBeDefined();
    const id = (first!.request['headers'] as Record<string, Uint8Array[]>)['amz-sdk-invocation-id']![0]!;
    expect(id).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(id).toString('utf8')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it.each([
    ['a tab in the indentation', 'request:\n\tmethod: POST\n', 2, /tab/i],
    ['an unterminated quote', "text: 'open\n  and never closed\n", 3, /quote|closed|terminated/i],
    ['a second document', 'a: 1\n---\nb: 2\n', 2, /multiple documents|document/i],
    ['a duplicate key', 'a: 1\na: 2\n', 2, /unique|duplicate/i],
  ])('refuses %s with the line it is on', (_what, text, line, reason) => {
    const error = (() => {
      try {
        parseYamlText(text, 'cassette.yaml');
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).line).toBe(line);
    expect((error as InputError).message).toMatch(reason);
    expect((error as InputError).message.startsWith(`cassette.yaml:${line}: `)).toBe(true);
  });
});
