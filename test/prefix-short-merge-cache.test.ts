import { describe, expect, it } from 'vitest';
import { ShortMergeCache } from '../src/prefix/short-merge-cache.js';

describe('short merge cache', () => {
  const encoder = new TextEncoder();

  it('gives back the tokens written for the same bytes, and nothing for other bytes in the same slot', () => {
    const cache = new ShortMergeCache();
    const first = encoder.encode('qzxjv_id');
    const slot = cache.slotOf(first, first.length);
    // Another piece of the same length that lands in the same slot.
    let other = first;
    for (let seed = 0; ; seed++) {
      other = encoder.encode(`qzx${seed.toString(36).padStart(5, '0')}`.slice(0, first.length));
      if (cache.slotOf(other, other.length) === slot && other.some((byte, index) => byte !== first[index])) break;
    }
    expect(cache.read(slot, first, first.length, null)).toBe(-1);
    cache.write(slot, first, first.length, Int32Array.of(11, 22, 33), 3);
    const out: number[] = [];
    expect(cache.read(slot, first, first.length, out)).toBe(3);
    expect(out).toEqual([11, 22, 33]);
    expect(cache.read(slot, other, other.length, out)).toBe(-1);
    // A shorter prefix of the same bytes is another piece.
    expect(cache.read(slot, first, first.length - 1, out)).toBe(-1);
    cache.write(slot, other, other.length, Int32Array.of(7), 1);
    expect(cache.read(slot, first, first.length, null)).toBe(-1);
    expect(cache.read(slot, other, other.length, null)).toBe(1);
  });
});
