import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { DEFAULT_MAX_INPUT_BYTES } from '../input/input-size.js';
import { decodeUtf8 } from '../input/utf8.js';
import { hasZstdMagic } from '../input/zstd-frame-guard.js';

/** Bytes read per step: a transcript's first line is usually far shorter. */
const BLOCK_BYTES = 16 * 1024;

/** What `scanLeadingLines` answers for a zstd-compressed file: read it with `readLogLines`, which decompresses. */
export const COMPRESSED = Symbol('compressed');

/**
 * Hands the lines at the top of a plain log file to `pick`, one by one and decoded strictly, until
 * it answers something other than undefined, and returns that answer: undefined when no line got
 * one (or the file is not a regular file, or larger than `maxBytes`), `COMPRESSED` for a zstd file.
 * Reads synchronously, one small block at a time and no further than the answer: a reader that
 * needs one line near the top of many files (which session a transcript belongs to) paid about a
 * millisecond of CPU per file for a stream. A FIFO or device is never opened. Throws what reading
 * throws (a byte that is not UTF-8: an InputError naming the line).
 */
export function scanLeadingLines<T>(file: string, pick: (line: string) => T | undefined, maxBytes = DEFAULT_MAX_INPUT_BYTES): T | undefined | typeof COMPRESSED {
  // A pipe would be opened by a line reader, but opening one waits for its writer.
  if (!statSync(file).isFile()) return undefined;
  const descriptor = openSync(file, 'r');
  try {
    if (fstatSync(descriptor).size > maxBytes) return undefined;
    let held = Buffer.alloc(0);
    /** File offset of the first held byte, and of the next byte to read. */
    let heldAt = 0;
    let position = 0;
    let line = 0;
    for (;;) {
      const block = Buffer.allocUnsafe(BLOCK_BYTES);
      const read = readSync(descriptor, block, 0, BLOCK_BYTES, position);
      if (position === 0 && read >= 4 && hasZstdMagic(block)) return COMPRESSED;
      position += read;
      const bytes = held.length === 0 ? block.subarray(0, read) : Buffer.concat([held, block.subarray(0, read)]);
      let start = 0;
      // At the end of the file its last line counts too, with or without a line break.
      for (let end = bytes.indexOf(0x0a); end !== -1 || (read === 0 && start < bytes.length); end = bytes.indexOf(0x0a, start)) {
        const stop = end === -1 ? bytes.length : end;
        let text = decodeUtf8(bytes.subarray(start, stop), file, { startOffset: heldAt + start, line: ++line });
        if (line === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
        const answer = pick(text);
        if (answer !== undefined) return answer;
        start = stop + 1;
      }
      if (read === 0 || position > maxBytes) return undefined;
      held = Buffer.from(bytes.subarray(start));
      heldAt += start;
    }
  } finally {
    closeSync(descriptor);
  }
}
