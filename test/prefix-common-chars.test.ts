import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonChars } from '../src/prefix/common-chars.js';

/** The same count, one char at a time. */
function walked(a: string, b: string, fromA: number, fromB: number, limit: number): number {
  let matched = 0;
  while (matched < limit && a.charCodeAt(fromA + matched) === b.charCodeAt(fromB + matched)) matched++;
  return matched;
}

describe('commonChars', () => {
  it('counts the chars two texts share from given offsets, up to the limit, as a char-by-char walk does, across every stretch size', () => {
    // Shared runs from a few chars to tens of thousands, so the stretches grow, fail and shrink at every size.
    const shared = fc.tuple(fc.string({ maxLength: 40 }), fc.integer({ min: 0, max: 40_000 })).map(([unit, times]) => (unit === '' ? '' : unit.repeat(Math.ceil(times / unit.length)).slice(0, times)));
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), shared, fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), fc.nat(), (leadA, leadB, common, tailA, tailB, cut) => {
        const a = leadA + common + tailA;
        const b = leadB + common + tailB;
        const room = Math.min(a.length - leadA.length, b.length - leadB.length);
        const limit = room === 0 ? 0 : cut % (room + 1);
        expect(commonChars(a, b, leadA.length, leadB.length)).toBe(walked(a, b, leadA.length, leadB.length, room));
        expect(commonChars(a, b, leadA.length, leadB.length, limit)).toBe(walked(a, b, leadA.length, leadB.length, limit));
        expect(commonChars(a, b)).toBe(walked(a, b, 0, 0, Math.min(a.length, b.length)));
      }),
      { numRuns: 400 },
    );
  });
});
