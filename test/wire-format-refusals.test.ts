import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRequestFile } from '../src/analysis/index.js';
import { InputError } from '../src/prefix/index.js';
import { corpusPath, itWithCorpus } from './support/corpus.js';

const CASSETTES = 'pydantic-ai-cache-cassettes/tests/models/cassettes';
const repositoryRoot = path.resolve(import.meta.dirname, '..');

async function refusal(file: string, cwd: string): Promise<InputError> {
  try {
    await readRequestFile(file, { cwd });
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error(`${file} was read, but it should have been refused`);
}

describe('files that are none of the request bodies are refused, saying what they are', () => {
  it('a Gemini generateContent body, which kvprefix does not read', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-refusal-'));
    writeFileSync(path.join(folder, 'gemini.json'), JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }));
    expect((await refusal('gemini.json', folder)).message).toMatch(/^gemini\.json: the request body is a Gemini `generateContent` body/);
  });

  itWithCorpus('github-mcp-server-toolsnaps', 'a JSON file that is not a request body (an MCP tool schema)', async () => {
    const error = await refusal('github-mcp-server-toolsnaps/pkg/github/__toolsnaps__/get_label.snap', corpusPath());
    expect(error.message).toBe(
      'github-mcp-server-toolsnaps/pkg/github/__toolsnaps__/get_label.snap: the request body is none of the request bodies kvprefix reads (OpenAI or DeepSeek chat completions, OpenAI Responses, Anthropic messages, Bedrock Converse): it has no `messages` array and no `input` (its keys: `annotations`, `description`, `inputSchema`, `name`)',
    );
  });

  itWithCorpus('pydantic-ai-cache-cassettes', 'a cassette holding several requests, without saying which', async () => {
    const error = await refusal('test_deepseek/test_deepseek_deferred_capability_with_thinking.yaml', corpusPath(CASSETTES));
    expect(error.code).toBe('input/ambiguous-request');
    expect(error.message).toMatch(/holds 3 recorded requests: pick one with .*\.yaml#N \(N from 1 to 3\)/);
    const missing = await refusal('test_deepseek/test_deepseek_deferred_capability_with_thinking.yaml#4', corpusPath(CASSETTES));
    expect(missing.message).toMatch(/has no recorded request #4 \(it holds 3\)/);
  });

  it('a missing file, a directory, and a body whose messages are not chat messages', async () => {
    expect((await refusal('no-such-request.json', repositoryRoot)).message).toBe('no-such-request.json: cannot read: no such file');
    expect((await refusal('examples', repositoryRoot)).message).toBe('examples: cannot read: is a directory, not a file');
    const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-refusal-'));
    writeFileSync(path.join(folder, 'odd-role.json'), JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }, { role: 'narrator', content: 'x' }] }));
    expect((await refusal('odd-role.json', folder)).message).toBe("odd-role.json: `messages[1].role` is 'narrator', not a chat completions role (system, developer, user, assistant, tool, function)");
    writeFileSync(path.join(folder, 'no-model.json'), JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }));
    expect((await refusal('no-model.json', folder)).message).toBe('no-model.json: `model` is missing (a string is required)');
    writeFileSync(path.join(folder, 'list.json'), '[1, 2]');
    expect((await refusal('list.json', folder)).message).toBe('list.json: the request body must be an object, found an array');
  });
});
