import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { firstInvalidUtf8 } from '../src/providers/input/index.js';

// Issue 7 §2: a request file with a raw byte that is not UTF-8 was read with U+FFFD in its place,
// while the session reader rejected the same byte. Both now refuse it with its byte offset.
const parentText = readFileSync(new URL('../examples/fork-parent.request.json', import.meta.url), 'utf8');
const HEADER = '{"type":"session","version":0,"id":"s","createdAt":1,"delegationDepth":0}';
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'kvprefix-utf8-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** `text` with the raw byte 0xE9 (Latin-1 "é", never valid alone in UTF-8) in place of the first `marker`. */
function withLatin1Byte(text: string, marker: string): { bytes: Buffer; offset: number; line: number } {
  const at = text.indexOf(marker);
  const before = Buffer.from(text.slice(0, at));
  return { bytes: Buffer.concat([before, Buffer.from([0xe9]), Buffer.from(text.slice(at + marker.length))]), offset: before.byteLength, line: text.slice(0, at).split('\n').length };
}

async function run(...argv: string[]) {
  const io = bufferedIo(directory);
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('a raw byte that is not UTF-8', () => {
  it('in a request file: exit 3 with the line and byte offset, not a silent U+FFFD', async () => {
    const { bytes, offset, line } = withLatin1Byte(parentText, 'Harness');
    await writeFile(path.join(directory, 'latin1.json'), bytes);
    expect(await run('diff', 'latin1.json', 'latin1.json')).toEqual({ code: EXIT.input, out: '', err: `kvprefix diff: latin1.json:${line}: byte ${offset} (0xE9): not valid UTF-8\n` });
  });

  it('in a session log: the same wording, the offset counted from the start of the file', async () => {
    const { bytes, offset } = withLatin1Byte(`${HEADER}\n{"type":"turn/start","data":{"turn":1}}\n{"type":"user/message","data":{"text":"café"}}\n`, 'é');
    await writeFile(path.join(directory, 'latin1.jsonl'), bytes);
    expect(await run('seed', 'latin1.jsonl')).toEqual({ code: EXIT.input, out: '', err: `kvprefix seed: latin1.jsonl:3: byte ${offset} (0xE9): not valid UTF-8\n` });
  });

  it('firstInvalidUtf8 agrees with a fatal TextDecoder on random bytes, and finds the byte Buffer replaces first', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 10 }), (noise, text) => {
        const bytes = Buffer.concat([Buffer.from(text), noise]);
        let valid = true;
        try {
          decoder.decode(bytes);
        } catch {
          valid = false;
        }
        const bad = firstInvalidUtf8(bytes);
        expect(bad === -1).toBe(valid);
        // Everything before the reported byte is valid on its own.
        if (bad !== -1) expect(() => decoder.decode(bytes.subarray(0, bad))).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});
