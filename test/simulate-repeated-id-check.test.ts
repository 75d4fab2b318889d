import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RepeatedIdCheck } from '../src/analysis/simulate/repeated-id-check.js';

/** The first id of `ids` seen earlier in `ids`, the plain way. */
function firstRepeatedBySet(ids: readonly number[]): number | undefined {
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

const id = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 2 ** 31 }), fc.maxSafeInteger().filter((value) => value >= 0));

describe('repeated block ids within one request', () => {
  it('finds the same first repeated id as a Set, request after request (one check reused, its table grown on the way)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(id, { maxLength: 400 }), { minLength: 1, maxLength: 30 }), (requests) => {
        const check = new RepeatedIdCheck();
        for (const ids of requests) expect(check.firstRepeated(ids)).toBe(firstRepeatedBySet(ids));
      }),
      { numRuns: 300 },
    );
  });

  it('does not carry ids from one request into the next', () => {
    const check = new RepeatedIdCheck();
    expect(check.firstRepeated([1, 2, 3])).toBeUndefined();
    expect(check.firstRepeated([3, 2, 1])).toBeUndefined();
    expect(check.firstRepeated([5, 2 ** 40, 5])).toBe(5);
    expect(check.firstRepeated([2 ** 40 + 1, 2 ** 40 + 1])).toBe(2 ** 40 + 1);
  });
});
