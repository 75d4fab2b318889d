import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecordedRequests } from '../src/analysis/bodies/recorded-requests.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { InputError } from '../src/prefix/index.js';

function scratch(name: string, bytes: Uint8Array | string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-analyze-wire-')), name);
  writeFileSync(file, bytes);
  return file;
}

const BODY = '{"model":"gpt-4o","messages":[{"role":"user","content":"hello"}]}';

describe('analyze reads request bodies as diff does: strict UTF-8 and the input size limit', () => {
  it('a byte that is not UTF-8 is refused with its offset (exit 3), not analysed as U+FFFD', async () => {
    const file = scratch('body.json', Buffer.concat([Buffer.from('{"model":"gpt-4o","messages":[{"role":"user","content":"ab'), Buffer.from([0xff]), Buffer.from('"}]}')]));
    const io = bufferedIo(path.dirname(file));
    expect(await runCli(['analyze', 'body.json'], io)).toBe(EXIT.input);
    expect(io.out.join('')).toBe('');
    expect(io.err.join('')).toMatch(/^kvprefix analyze: body\.json:1: byte 58 \(0xFF\): not valid UTF-8/);
  });

  it('a body past the limit is refused before it is parsed, naming the limit', async () => {
    const file = scratch('body.json', BODY);
    const error = await readRecordedRequests(file, 'body.json', { maxInputBytes: 16 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe('input/too-large');
    expect((await readRecordedRequests(file, 'body.json')).length).toBe(1);
  });
});
