import { readdirSync, statSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/prefix/errors.js';
import { readLogLineBatches, readLogLines, type LogLine } from '../src/providers/session/log-lines.js';
import { corpusPath, itWithCorpus, readCorpusText } from './support/corpus.js';

/*
 * The line reader decodes the whole lines of a chunk in one call and hands them over a chunk at a
 * time. Standard input (`-` with a given stream) lets a test choose where the chunks are cut, so the
 * lines must come out the same however the bytes arrive, and a bad line must still be named exactly.
 */

/** `bytes` as a stream cut at `cuts` (offsets, any order, out-of-range ones ignored). */
async function* cutAt(bytes: Uint8Array, cuts: readonly number[]): AsyncGenerator<Uint8Array> {
  const points = [...new Set(cuts.filter((cut) => cut > 0 && cut < bytes.length))].sort((a, b) => a - b);
  let start = 0;
  for (const point of [...points, bytes.length]) {
    // A fresh copy per chunk, as a stream hands out buffers it may reuse.
    yield Uint8Array.from(bytes.subarray(start, point));
    start = point;
  }
}

async function batchesOf(bytes: Uint8Array, cuts: readonly number[]): Promise<LogLine[][]> {
  const batches: LogLine[][] = [];
  for await (const batch of readLogLineBatches('-', { stdin: cutAt(bytes, cuts) })) batches.push([...batch]);
  return batches;
}

/** What the lines of `text` are, read by splitting the text itself: one per newline, and what follows the last one, unterminated. */
function expectedLines(text: string): LogLine[] {
  const parts = text.split('\n');
  const lines: LogLine[] = parts.slice(0, -1).map((part, at) => ({ text: part, line: at + 1, terminated: true }));
  const rest = parts.at(-1)!;
  if (rest !== '') lines.push({ text: rest, line: parts.length, terminated: false });
  return lines;
}

/** The error a read of `bytes` ends with, and the lines it handed over before it. */
async function failedRead(bytes: Uint8Array, cuts: readonly number[]): Promise<{ lines: LogLine[]; error: unknown }> {
  const lines: LogLine[] = [];
  try {
    for await (const line of readLogLines('-', { stdin: cutAt(bytes, cuts) })) lines.push(line);
  } catch (error) {
    return { lines, error };
  }
  throw new Error('the read did not fail');
}

describe('log lines read a chunk at a time', () => {
  it('gives the lines of the text split at its newlines, numbered from 1, however the bytes are cut into chunks (multi-byte characters included)', async () => {
    const lineText = fc.string({ unit: fc.constantFrom('a', '{', '"', 'é', '€', '😀', ' '), maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(fc.array(lineText, { minLength: 1, maxLength: 12 }), fc.boolean(), fc.array(fc.nat(200), { maxLength: 8 }), async (lines, endsWithNewline, cuts) => {
        const text = lines.join('\n') + (endsWithNewline ? '\n' : '');
        const read = (await batchesOf(new TextEncoder().encode(text), cuts)).flat();
        expect(read).toEqual(expectedLines(text));
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same lines when the producer reuses one Buffer for every chunk (held line starts are copies, not views)', async () => {
    const text = `${'{"a":"é"}\n'.repeat(40)}{"last":true}\n`;
    const bytes = Buffer.from(text);
    async function* reusing(size: number): AsyncGenerator<Uint8Array> {
      const buffer = Buffer.alloc(size);
      for (let at = 0; at < bytes.length; at += size) yield buffer.subarray(0, bytes.copy(buffer, 0, at, Math.min(bytes.length, at + size)));
    }
    for (const size of [7, 64, 1000]) {
      const read: LogLine[] = [];
      for await (const line of readLogLines('-', { stdin: reusing(size) })) read.push(line);
      expect(read, `chunks of ${size} bytes`).toEqual(expectedLines(text));
    }
  });

  itWithCorpus('claude-code-sessions', 'reads every corpus Claude Code transcript past one read buffer (64 KiB) into the lines of its text', async () => {
    const folder = ['claude-code-sessions', 'test', 'test_data', 'real_projects'];
    const files = readdirSync(corpusPath(...folder), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.jsonl') && statSync(corpusPath(...folder, file)).size > 64 * 1024);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const read: LogLine[] = [];
      for await (const line of readLogLines(corpusPath(...folder, file))) read.push(line);
      expect(read, file).toEqual(expectedLines(readCorpusText(...folder, file)));
    }
  });

  it('hands the lines of one chunk over as one batch', async () => {
    const batches = await batchesOf(new TextEncoder().encode('{"a":1}\n{"b":2}\n{"c":3}\n'), []);
    expect(batches.map((batch) => batch.map((line) => line.text))).toEqual([['{"a":1}', '{"b":2}', '{"c":3}']]);
  });

  it('a byte that is not UTF-8 in the middle of a chunk fails at its line with its offset from the start, after the lines before it', async () => {
    const before = Buffer.from('{"a":1}\n{"b":"x"}\n{"c":"');
    const bytes = Buffer.concat([before, Buffer.from([0xe9]), Buffer.from('"}\n{"d":4}\n')]);
    const { lines, error } = await failedRead(bytes, [3]);
    expect(lines.map((line) => line.text)).toEqual(['{"a":1}', '{"b":"x"}']);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toContain(`byte ${before.byteLength} (0xE9): not valid UTF-8`);
    expect((error as InputError).line).toBe(3);
  });

  it('a line nested past the limit in the middle of a chunk fails at its line, after the lines before it', async () => {
    const deep = `${'['.repeat(1001)}${']'.repeat(1001)}`;
    const { lines, error } = await failedRead(new TextEncoder().encode(`{"a":1}\n{"b":2}\n${deep}\n{"c":3}\n`), []);
    expect(lines.map((line) => line.text)).toEqual(['{"a":1}', '{"b":2}']);
    expect((error as InputError).code).toBe('input/too-deep');
    expect((error as InputError).line).toBe(3);
  });

  it('drops a byte-order mark before the first line only', async () => {
    const read = (await batchesOf(new TextEncoder().encode('\uFEFF{"a":1}\n\uFEFF{"b":2}\n'), [])).flat();
    expect(read.map((line) => line.text)).toEqual(['{"a":1}', '\uFEFF{"b":2}']);
  });
});
