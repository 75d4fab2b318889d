import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, itWithCorpus } from './support/corpus.js';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const parent = 'examples/fork-parent.request.json';
const child = 'examples/fork-child-one-shot.request.json';

async function run(argv: string[], cwd = repositoryRoot) {
  const io = bufferedIo(cwd);
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('kvprefix diff exit codes', () => {
  it('0 when both requests are read and compared', async () => {
    const { code, out, err } = await run(['diff', parent, child]);
    expect(code).toBe(EXIT.ok);
    expect(err).toBe('');
    expect(out).toContain('cause: task');
  });

  it.each([
    ['no files', ['diff'], /expected two request files \(parent, child\), got 0/],
    ['one file', ['diff', parent], /got 1/],
    ['three files', ['diff', parent, child, child], /got 3/],
    ['an unknown option', ['diff', parent, child, '--colour'], /unknown option '--colour'; did you mean '--[a-z-]+'\?/],
    ['an unknown layout', ['diff', parent, child, '--layout', 'gemini'], /unknown layout 'gemini': use one of chat, anthropic/],
    ['an unknown tokenizer', ['diff', parent, child, '--tokenizer', 'p50k_base'], /unknown tokenizer 'p50k_base': use one of o200k_base, cl100k_base/],
  ])('2 for %s, with the usage on stderr and nothing on stdout', async (_what, argv, reason) => {
    const { code, out, err } = await run(argv);
    expect(code).toBe(EXIT.usage);
    expect(out).toBe('');
    expect(err).toMatch(reason);
    expect(err).toContain('usage: kvprefix diff <parent> <child>');
  });

  it('3 for a missing file, naming it', async () => {
    const { code, out, err } = await run(['diff', parent, 'examples/no-such-child.json']);
    expect(code).toBe(EXIT.input);
    expect(out).toBe('');
    expect(err).toBe('kvprefix diff: examples/no-such-child.json: cannot read: no such file\n');
  });

  it('3 for a file that is not JSON, with its line and column and no stack trace', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-diff-'));
    const text = readFileSync(path.join(repositoryRoot, child), 'utf8').replace('"stream": true', '"stream": tru');
    writeFileSync(path.join(folder, 'child.json'), text);
    const line = text.slice(0, text.indexOf('"stream": tru')).split('\n').length;
    const { code, out, err } = await run(['diff', path.join(repositoryRoot, parent), 'child.json'], folder);
    expect(code).toBe(EXIT.input);
    expect(out).toBe('');
    expect(err).toBe(`kvprefix diff: child.json:${line}: column 13: not valid JSON: expected a JSON value (found "t")\n`);
    expect(err).not.toMatch(/\n\s+at /);
  });

  itWithCorpus('pydantic-ai-cache-cassettes', '0 for two real recorded OpenAI Responses API bodies (read like chat bodies since they are supported)', async () => {
    const cassette = 'pydantic-ai-cache-cassettes/tests/models/cassettes/test_openai_prompt_cache/test_openai_responses_prompt_cache_e2e.yaml';
    const { code, err } = await run(['diff', `${cassette}#1`, `${cassette}#2`], corpusPath());
    expect(err).toBe('');
    expect(code).toBe(EXIT.ok);
  });

  it('3 for a body kvprefix does not read (a Gemini generateContent body)', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-diff-gemini-'));
    writeFileSync(path.join(folder, 'gemini.json'), JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }));
    const { code, err } = await run(['diff', 'gemini.json', 'gemini.json'], folder);
    expect(code).toBe(EXIT.input);
    expect(err).toMatch(/^kvprefix diff: gemini\.json: the request body is a Gemini `generateContent` body/);
  });
});
