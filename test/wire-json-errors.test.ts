import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRequestFile } from '../src/analysis/index.js';
import { InputError } from '../src/prefix/index.js';
import { itWithCorpus, readCorpusText } from './support/corpus.js';

// A real chat body, pretty-printed as people keep captured requests: DeepSeek's deferred-capability
// request from the pydantic-ai cassette is not JSON on disk, so the bundled DSH parent request is used.
const original = readFileSync(new URL('../examples/fork-parent.request.json', import.meta.url), 'utf8');
const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-json-'));

function lineAndColumnOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

async function refusal(name: string, text: string): Promise<InputError> {
  writeFileSync(path.join(folder, name), text);
  try {
    await readRequestFile(name, { cwd: folder });
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error(`${name} was read`);
}

describe('a request file that is not JSON is refused with the line and column of the first bad character', () => {
  it('a missing comma between two messages', async () => {
    const at = original.indexOf('},\n    {\n      "role": "assistant"');
    const broken = `${original.slice(0, at + 1)}${original.slice(at + 2)}`;
    const where = lineAndColumnOf(broken, broken.indexOf('{', at + 1));
    const error = await refusal('missing-comma.json', broken);
    expect(error.code).toBe('input/malformed-json');
    expect(error.line).toBe(where.line);
    expect(error.message).toBe(`missing-comma.json:${where.line}: column ${where.column}: not valid JSON: expected ',' or ']' after an array element (found "{")`);
  });

  it('a missing value (V8 names no position for it)', async () => {
    const broken = original.replace('"stream": true', '"stream": ');
    expect(() => JSON.parse(broken)).toThrow(/is not valid JSON$/);
    const where = lineAndColumnOf(broken, broken.indexOf('"stream": ') + '"stream": '.length);
    const error = await refusal('missing-value.json', broken);
    expect(error.message).toBe(`missing-value.json:${where.line}: column ${where.column}: not valid JSON: expected a JSON value (found ",")`);
  });

  it('a trailing comma', async () => {
    const at = original.indexOf('"stream": true');
    const broken = `${original.slice(0, at)}"stream": true,\n}\n`;
    const where = lineAndColumnOf(broken, broken.lastIndexOf('}'));
    const error = await refusal('trailing-comma.json', broken);
    expect(error.message).toBe(`trailing-comma.json:${where.line}: column ${where.column}: not valid JSON: expected a double-quoted property name (found "}")`);
  });

  it('a file cut off in the middle of a string', async () => {
    const cut = original.indexOf('Remember this fact');
    const broken = original.slice(0, cut + 10);
    const where = lineAndColumnOf(broken, broken.length);
    const error = await refusal('truncated.json', broken);
    expect(error.message).toBe(`truncated.json:${where.line}: column ${where.column}: not valid JSON: unterminated string (found the end of the file)`);
  });

  itWithCorpus('pydantic-ai-cache-cassettes', 'a YAML cassette given a .json name', async () => {
    const error = await refusal('cassette.json', readCorpusText('pydantic-ai-cache-cassettes/tests/models/cassettes/test_mistral/test_mistral_history_uses_prompt_cache.yaml'));
    expect(error.message).toBe('cassette.json:1: column 1: not valid JSON: expected a JSON value (found "i")');
  });

  it('reads the same body with a byte-order mark in front', async () => {
    writeFileSync(path.join(folder, 'bom.json'), `\ufeff${original}`);
    const { request } = await readRequestFile('bom.json', { cwd: folder });
    expect(request.route).toEqual({ provider: 'deepseek', model: 'deepseek-v4-flash' });
  });
});
