import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits } from '../src/prefix/group-digits.js';

describe('groupDigits', () => {
  it('writes every number exactly as toLocaleString("en-US") does', () => {
    for (const value of [0, 1, -1, 999, 1000, -1000, 12345, 999_999, 1_000_000, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0.5, 1234.5678, -0, 1e21]) {
      expect(groupDigits(value), String(value)).toBe(value.toLocaleString('en-US'));
    }
    fc.assert(fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => groupDigits(value) === value.toLocaleString('en-US')));
  });
});
