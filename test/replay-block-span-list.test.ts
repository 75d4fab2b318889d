import { describe, expect, it } from 'vitest';
import { BlockSpanList } from '../src/analysis/result/block-span-list.js';
import type { SegmentSpan } from '../src/analysis/index.js';

const span = (index: number): SegmentSpan => ({ kind: 'message', name: `message[${index}]`, tokens: index + 1, hash: index.toString(16).padStart(16, '0') });
const spans = Array.from({ length: 300 }, (_, index) => span(index));

describe('BlockSpanList', () => {
  it.each([0, 1, 63, 64, 65, 128, 300])('reads %i spans like the array it was built from', (length) => {
    const list = BlockSpanList.after(undefined, spans.slice(0, length));
    const array = spans.slice(0, length);
    expect(list.length).toBe(length);
    expect([...list]).toEqual(array);
    for (const index of [-length - 1, -1, 0, 63, 64, length - 1, length, 1.5]) expect(list.at(index)).toBe(array.at(index));
    expect(JSON.stringify({ segments: list })).toBe(JSON.stringify({ segments: array }));
  });

  it('a list built after another, whatever they share, reads as its own spans', () => {
    const earlier = BlockSpanList.after(undefined, spans.slice(0, 200));
    const cases = [spans.slice(0, 250), spans.slice(0, 100), [...spans.slice(0, 70), span(999)], [span(999), ...spans.slice(1, 200)], []];
    for (const next of cases) expect([...BlockSpanList.after(earlier, next)]).toEqual(next);
  });

  it.each([0, 1, 63, 64, 65, 128, 199, 200])('a list extending another past its first %i spans reads as those spans and the added ones', (same) => {
    const earlier = BlockSpanList.after(undefined, spans.slice(0, 200));
    for (const added of [[], [span(999)], spans.slice(200, 300)]) {
      const expected = [...spans.slice(0, same), ...added];
      const list = BlockSpanList.extending(earlier, same, added);
      expect(list.length).toBe(expected.length);
      expect([...list]).toEqual(expected);
      for (const index of [0, 63, 64, same - 1, same, expected.length - 1]) expect(list.at(index)).toBe(expected.at(index));
    }
    expect(() => BlockSpanList.extending(earlier, 201, [])).toThrow(RangeError);
  });
});
