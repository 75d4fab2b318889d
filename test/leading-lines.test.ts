import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../src/prefix/errors.js';
import { COMPRESSED, scanLeadingLines } from '../src/providers/session/leading-lines.js';

const root = mkdtempSync(path.join(tmpdir(), 'kvprefix-leading-lines-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(name: string, bytes: Uint8Array | string): string {
  const at = path.join(root, name);
  writeFileSync(at, bytes);
  return at;
}

/** The first line holding `"id"`, as its id. */
const idOf = (line: string): string | undefined => (line.includes('"id"') ? (JSON.parse(line) as { id: string }).id : undefined);

describe('scanLeadingLines', () => {
  it('stops at the first line that answers: bytes after it are never decoded', () => {
    const later = Buffer.from([0xff, 0xfe, 0x0a]);
    const at = file('stops.jsonl', Buffer.concat([Buffer.from('{"type":"summary"}\n{"id":"a"}\n'), later]));
    expect(scanLeadingLines(at, idOf)).toBe('a');
  });

  it('reads a first line longer than one block whole, and a last line with no line break', () => {
    const long = JSON.stringify({ pad: 'x'.repeat(40_000), id: 'long' });
    expect(scanLeadingLines(file('long.jsonl', `${long}\n`), idOf)).toBe('long');
    expect(scanLeadingLines(file('unterminated.jsonl', '{"type":"summary"}\n{"id":"last"}'), idOf)).toBe('last');
    expect(scanLeadingLines(file('none.jsonl', '{"type":"summary"}\n'), idOf)).toBeUndefined();
  });

  it('drops a byte-order mark before the first line', () => {
    expect(scanLeadingLines(file('bom.jsonl', '\uFEFF{"id":"b"}\n'), idOf)).toBe('b');
  });

  it('names the line and file offset of a byte that is not UTF-8 before the answer', () => {
    const at = file('bad.jsonl', Buffer.concat([Buffer.from('{"type":"summary"}\n'), Buffer.from([0x7b, 0xc3, 0x28, 0x7d, 0x0a]), Buffer.from('{"id":"c"}\n')]));
    expect(() => scanLeadingLines(at, idOf)).toThrow(InputError);
    expect(() => scanLeadingLines(at, idOf)).toThrow(`${at}:2: byte 20 (0xC3): not valid UTF-8`);
  });

  it('answers COMPRESSED for a zstd file, and nothing for a file over the limit', () => {
    expect(scanLeadingLines(file('packed.jsonl', Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0, 0, 0, 0])), idOf)).toBe(COMPRESSED);
    expect(scanLeadingLines(file('big.jsonl', '{"id":"d"}\n'), idOf, 4)).toBeUndefined();
  });

  it('never opens a FIFO (opening one would wait for a writer)', () => {
    const fifo = path.join(root, 'pipe.jsonl');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expect(scanLeadingLines(fifo, idOf)).toBeUndefined();
  });
});
