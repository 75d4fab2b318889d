import { InputError } from '../../prefix/errors.js';

/**
 * Offset of the first byte that does not belong to well-formed UTF-8 (RFC 3629: no overlongs, no
 * surrogates, nothing past U+10FFFF), or -1 when all of `bytes` is valid. A sequence cut short by
 * the end of `bytes` counts as invalid at its first byte.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index]!;
    if (lead < 0x80) {
      index++;
      continue;
    }
    let length: number;
    let min = 0x80;
    let max = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) min = 0xa0; // overlong
      if (lead === 0xed) max = 0x9f; // UTF-16 surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) min = 0x90; // overlong
      if (lead === 0xf4) max = 0x8f; // past U+10FFFF
    } else return index;
    if (index + length > bytes.length) return index;
    const second = bytes[index + 1]!;
    if (second < min || second > max) return index;
    for (let next = 2; next < length; next++) {
      const byte = bytes[index + next]!;
      if (byte < 0x80 || byte > 0xbf) return index;
    }
    index += length;
  }
  return -1;
}

const fatalDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Decodes UTF-8 text, or throws an InputError (code `input/invalid-utf8`) naming the byte offset of
 * the first bad byte (and its line, counted from `firstLine`): a file is never read with U+FFFD in
 * place of bytes it does not hold.
 *
 * @param startOffset the offset of `bytes[0]` in the file, so a line of a log reports file offsets
 */
export function decodeUtf8(bytes: Uint8Array, source: string, at: { startOffset?: number; line?: number } = {}): string {
  try {
    return fatalDecoder.decode(bytes);
  } catch (error) {
    const bad = firstInvalidUtf8(bytes);
    const offset = (at.startOffset ?? 0) + Math.max(bad, 0);
    let line = at.line;
    if (line === undefined) {
      line = 1;
      for (let index = 0; index < bad; index++) if (bytes[index] === 0x0a) line++;
    }
    const byte = bytes[Math.max(bad, 0)];
    const shown = byte === undefined ? '' : ` (0x${byte.toString(16).padStart(2, '0').toUpperCase()})`;
    throw new InputError('input/invalid-utf8', `byte ${offset}${shown}: not valid UTF-8`, { source, line }, { cause: error });
  }
}
