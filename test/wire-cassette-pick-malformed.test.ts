import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRequestFile } from '../src/analysis/index.js';
import { InputError } from '../src/prefix/index.js';

function cassetteFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-pick-'));
  const interaction = (content: string) => `- request:\n    method: POST\n    uri: https://api.deepseek.com/chat/completions\n    body: '{"model":"deepseek-chat","messages":[{"role":"user","content":"${content}"}]}'\n`;
  writeFileSync(path.join(folder, 'cassette.yaml'), `interactions:\n${interaction('one')}${interaction('two')}`);
  return folder;
}

async function failure(file: string, cwd: string): Promise<InputError> {
  const error = await readRequestFile(file, { cwd }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

describe('a malformed pick of a cassette that exists says what is wrong with the pick, not that the file is missing', () => {
  it.each(['x', '', '1.5', '-1', 'first'])("cassette.yaml#%s", async (pick) => {
    const error = await failure(`cassette.yaml#${pick}`, cassetteFolder());
    expect(error.message).toBe(`cassette.yaml: '#${pick}' does not pick a recorded request: use cassette.yaml#N with N from 1 to 2`);
  });

  it('#0 says that N counts from 1', async () => {
    const error = await failure('cassette.yaml#0', cassetteFolder());
    expect(error.message).toBe('cassette.yaml: has no recorded request #0: N counts from 1 (it holds 2)');
  });

  it('a missing file with a # in its name is still a missing file', async () => {
    const error = await failure('missing.yaml#x', cassetteFolder());
    expect(error.message).toMatch(/^missing\.yaml#x: cannot read: no such file/);
  });
});
