import fc from 'fast-check';
import o200k from 'gpt-tokenizer/encoding/o200k_base';
import cl100k from 'gpt-tokenizer/encoding/cl100k_base';
import { BytePairEncodingCore } from 'gpt-tokenizer/BytePairEncodingCore';
import { describe, expect, it } from 'vitest';
import { bucketMergeRange } from '../src/prefix/bucket-byte-pair-merge.js';
import { heapBytePairMerge } from '../src/prefix/heap-byte-pair-merge.js';

interface Core {
  getBpeRankFromBytes(bytes: Uint8Array): number | undefined;
}
// The library's own quadratic merge, from the prototype: the reference the bucket merge must equal.
const libraryMerge = (BytePairEncodingCore.prototype as unknown as { bytePairMerge(this: Core, piece: Uint8Array): number[] }).bytePairMerge;
const encoder = new TextEncoder();
const letters = fc.constantFrom('a', 'b', 'e', 'n', 's', 't', 'q', 'Z', ' ', '!', '=', '-', 'é', 'ß', '漢', '字', 'の', '한', 'ж', '😀', 'ー');
const piece = fc.array(letters, { minLength: 1, maxLength: 200 }).map((parts) => encoder.encode(parts.join('')));

describe.each([
  ['o200k_base', o200k],
  ['cl100k_base', cl100k],
])('bucket byte-pair merge (%s)', (name, module) => {
  const core = (module as unknown as { bytePairEncodingCoreProcessor: Core }).bytePairEncodingCoreProcessor;
  const rank = (bytes: Uint8Array, start: number, end: number) => core.getBpeRankFromBytes(bytes.subarray(start, end)) ?? -1;
  // A rank list merges any two parts whose bytes are a token, wherever they split.
  const table = { rank, pairRank: (bytes: Uint8Array, start: number, _middle: number, end: number) => rank(bytes, start, end) };
  const bucketMerge = (bytes: Uint8Array) => {
    const out: number[] = [];
    const count = bucketMergeRange(bytes, 0, bytes.length, table, out);
    expect(count).toBe(out.length);
    return out;
  };

  it('gives exactly the tokens of the library’s scan-based merge, for random pieces', () => {
    fc.assert(
      fc.property(piece, (bytes) => {
        expect(bucketMerge(bytes)).toEqual(libraryMerge.call(core, bytes));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the library’s tokens for runs of one character or one pair, at many lengths', () => {
    // Runs are where ties abound and where a merge order that is only almost the reference's would show.
    const lengths = [2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 33, 63, 65, 100, 127, 129, 255, 257, 500, 1023, 1500];
    for (const unit of ['x', 'a', ' ', '\t', '!', '.', '=', '0', 'é', '漢', '😀', 'ab', 'Zz', '-=']) {
      for (const length of lengths) {
        const bytes = encoder.encode(unit.repeat(length));
        expect(bucketMerge(bytes), `${JSON.stringify(unit)} × ${length}`).toEqual(libraryMerge.call(core, bytes));
      }
    }
  });

  it('agrees with the heap merge on 50 KB runs, too long for the library’s quadratic merge', () => {
    const rankOf = (bytes: Uint8Array) => core.getBpeRankFromBytes(bytes);
    for (const unit of ['x', ' ', '!', 'ab']) {
      const bytes = encoder.encode(unit.repeat(50_000 / unit.length + 3));
      expect(bucketMerge(bytes)).toEqual(heapBytePairMerge(bytes, rankOf));
    }
  });
});
