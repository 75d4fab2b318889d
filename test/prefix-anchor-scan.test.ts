import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstTokenAnchor, isTokenAnchor, lastTokenAnchor } from '../src/prefix/index.js';
import { charOffsetAtByte, wellFormed } from '../src/prefix/utf8.js';

/*
 * The anchor scans read long stretches with a regular expression and the excerpt's byte-to-char
 * offset skips ASCII by length: both must give exactly what checking every position does, on texts
 * long enough to reach those paths (past the first 64 chars, across the doubling windows).
 */

const UNITS = ['a', 'Z', 'x', 'xx', "'", '’', ' ', '  ', '\t', '\n', '\r', '\r\n', '\u3000', '\u00a0', '\u2028', '/', '0', '7', '.', '"', '{', 'é', '漢', '😀', '\ud800', '\v', '\f', '\ufeff'];
// Long runs without anchors, then a few units that may hold one: the shape that reaches the windows.
const stretch = fc.oneof(
  fc.constantFrom(...UNITS),
  fc.tuple(fc.constantFrom('x', 'ab', 'Zz', '漢', '😀', '--', '  '), fc.integer({ min: 1, max: 700 })).map(([unit, times]) => unit.repeat(times)),
);
const text = fc.array(stretch, { maxLength: 40 }).map((parts) => parts.join(''));

function bruteFirst(sample: string, from: number, until: number): number {
  for (let index = Math.max(from, 1); index < Math.min(until, sample.length); index++) if (isTokenAnchor(sample, index)) return index;
  return -1;
}

function bruteLast(sample: string, atMost: number, from: number): number {
  for (let index = Math.min(atMost, sample.length - 1); index >= Math.max(from, 1); index--) if (isTokenAnchor(sample, index)) return index;
  return -1;
}

function bruteCharOffset(sample: string, byteOffset: number): number {
  let bytes = 0;
  for (let index = 0; index < sample.length; ) {
    const code = sample.codePointAt(index)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes > byteOffset) return index;
    index += code > 0xffff ? 2 : 1;
  }
  return sample.length;
}

describe('token anchor scans on long texts', () => {
  it('firstTokenAnchor finds the first anchor that checking every position finds, for any start and end', () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (sample, a, b) => {
        const from = a % (sample.length + 2);
        const until = b % (sample.length + 2);
        expect(firstTokenAnchor(sample, from, until)).toBe(bruteFirst(sample, from, until));
        expect(firstTokenAnchor(sample, from)).toBe(bruteFirst(sample, from, sample.length));
      }),
      { numRuns: 400 },
    );
  });

  it('lastTokenAnchor finds the last anchor that checking every position finds, for any bounds', () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (sample, a, b) => {
        const atMost = a % (sample.length + 2);
        const from = b % (sample.length + 2);
        expect(lastTokenAnchor(sample, atMost, from)).toBe(bruteLast(sample, atMost, from));
        expect(lastTokenAnchor(sample)).toBe(bruteLast(sample, sample.length - 1, 1));
      }),
      { numRuns: 400 },
    );
  });

  it('finds the one anchor of a 300 KB letter run from either side, and none inside it', () => {
    const sample = `{"content":"${'x'.repeat(300_000)}"}`;
    expect(lastTokenAnchor(sample, sample.length - 3)).toBe(9);
    expect(lastTokenAnchor(sample)).toBe(sample.length - 2);
    expect(firstTokenAnchor(sample, 11)).toBe(sample.length - 2);
    expect(firstTokenAnchor(sample, 11, sample.length - 2)).toBe(-1);
    expect(lastTokenAnchor(sample, sample.length - 3, 11)).toBe(-1);
  });
});

describe('charOffsetAtByte', () => {
  it('gives the char holding each byte offset, as walking every code point does', () => {
    const wellFormedText = text.map(wellFormed);
    fc.assert(
      fc.property(wellFormedText, fc.integer({ min: -2, max: 100_000 }), (sample, offset) => {
        const byteOffset = offset % (Buffer.byteLength(sample) + 3);
        expect(charOffsetAtByte(sample, byteOffset)).toBe(byteOffset < 0 ? 0 : bruteCharOffset(sample, byteOffset));
      }),
      { numRuns: 400 },
    );
  });
});
