/*
 * UTF-8 facts the engine needs to compare what is sent. A request's bytes are the UTF-8 encoding of
 * each segment (a text segment's lone surrogate is sent as EF BF BD, U+FFFD, as every UTF-8 encoder
 * sends it); its text, for token counting, is what those bytes decode to, each invalid sequence
 * read as one U+FFFD (the WHATWG decoder's rule, which `TextDecoder` applies).
 */

/** Continuation bytes each lead byte needs, and the range its first continuation must lie in. */
function sequenceShape(lead: number): { needs: number; low: number; high: number } | null {
  if (lead >= 0xc2 && lead <= 0xdf) return { needs: 1, low: 0x80, high: 0xbf };
  if (lead === 0xe0) return { needs: 2, low: 0xa0, high: 0xbf };
  if (lead === 0xed) return { needs: 2, low: 0x80, high: 0x9f };
  if (lead >= 0xe1 && lead <= 0xef) return { needs: 2, low: 0x80, high: 0xbf };
  if (lead === 0xf0) return { needs: 3, low: 0x90, high: 0xbf };
  if (lead === 0xf4) return { needs: 3, low: 0x80, high: 0x8f };
  if (lead >= 0xf1 && lead <= 0xf3) return { needs: 3, low: 0x80, high: 0xbf };
  return null;
}

/**
 * How many bytes at the end of `bytes` begin a UTF-8 sequence that is valid so far but incomplete
 * (0–3). Decoding such bytes on their own gives U+FFFD, while the bytes that follow in the next
 * segment may complete the character: the segment's text alone is then not the request's text.
 */
export function openSequenceLength(bytes: Uint8Array): number {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const lead = bytes[bytes.length - back]!;
    if (lead < 0x80) return 0;
    if (lead <= 0xbf) continue;
    const shape = sequenceShape(lead);
    if (!shape || back > shape.needs) return 0;
    if (back >= 2) {
      const first = bytes[bytes.length - back + 1]!;
      if (first < shape.low || first > shape.high) return 0;
      for (let index = bytes.length - back + 2; index < bytes.length; index++) if (bytes[index]! < 0x80 || bytes[index]! > 0xbf) return 0;
    }
    return back;
  }
  return 0;
}

type WellFormedString = string & { isWellFormed(): boolean; toWellFormed(): string };

/** `text` with every lone surrogate replaced by U+FFFD: the text its UTF-8 encoding decodes to. */
export function wellFormed(text: string): string {
  const candidate = text as WellFormedString;
  return candidate.isWellFormed() ? text : candidate.toWellFormed();
}

/** UTF-8 length of the code point starting at `index` (2 UTF-16 units for a surrogate pair). */
function codePointBytes(code: number): number {
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** A run of non-ASCII chars: the ASCII between such runs is one byte per char, skipped by the expression engine. */
const NON_ASCII = /[^\0-\x7f]+/g;

/**
 * Char offset in well-formed `text` of the character that holds byte `byteOffset` of its UTF-8
 * encoding (`text.length` at or past the end). ASCII stretches are counted by length, not char by
 * char: a comparison's excerpt asks this of a 2 MB text with the difference at its end.
 */
export function charOffsetAtByte(text: string, byteOffset: number): number {
  if (byteOffset <= 0) return 0;
  let bytes = 0;
  let index = 0;
  while (index < text.length) {
    NON_ASCII.lastIndex = index;
    const run = NON_ASCII.exec(text);
    const runStart = run ? run.index : text.length;
    if (bytes + (runStart - index) > byteOffset) return index + (byteOffset - bytes);
    bytes += runStart - index;
    index = runStart;
    const runEnd = run ? runStart + run[0].length : text.length;
    while (index < runEnd) {
      const code = text.codePointAt(index)!;
      const width = codePointBytes(code);
      if (bytes + width > byteOffset) return index;
      bytes += width;
      index += code > 0xffff ? 2 : 1;
    }
  }
  return index;
}
