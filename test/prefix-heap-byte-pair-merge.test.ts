import fc from 'fast-check';
import o200k from 'gpt-tokenizer/encoding/o200k_base';
import cl100k from 'gpt-tokenizer/encoding/cl100k_base';
import { BytePairEncodingCore } from 'gpt-tokenizer/BytePairEncodingCore';
import { describe, expect, it } from 'vitest';
import { getTokenizer, LONG_PIECE_BYTES } from '../src/prefix/index.js';
import { heapBytePairMerge } from '../src/prefix/heap-byte-pair-merge.js';

interface Core {
  getBpeRankFromBytes(bytes: Uint8Array): number | undefined;
}
// The library's own quadratic merge, from the prototype (kvprefix only replaces the instance field).
const libraryMerge = (BytePairEncodingCore.prototype as unknown as { bytePairMerge(this: Core, piece: Uint8Array): number[] }).bytePairMerge;
const encoder = new TextEncoder();
const letters = fc.constantFrom('a', 'b', 'e', 'n', 's', 't', 'q', 'Z', 'é', 'ß', '漢', '字', 'の', '한', 'ж', '😀', 'ー');
const piece = fc.array(letters, { minLength: 1, maxLength: 160 }).map((parts) => encoder.encode(parts.join('')));

describe.each([
  ['o200k_base', o200k],
  ['cl100k_base', cl100k],
])('heap byte-pair merge (%s)', (name, module) => {
  getTokenizer(name); // installs the long-piece path on the library's core
  const core = (module as unknown as { bytePairEncodingCoreProcessor: Core }).bytePairEncodingCoreProcessor;
  const rankOf = (bytes: Uint8Array) => core.getBpeRankFromBytes(bytes);

  it('gives exactly the tokens of the library’s scan-based merge, for random pieces', () => {
    fc.assert(
      fc.property(piece, (bytes) => {
        expect(heapBytePairMerge(bytes, rankOf)).toEqual(libraryMerge.call(core, bytes));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same tokens on long runs where ties and repeated merges abound', () => {
    for (const text of ['a'.repeat(3000), 'ab'.repeat(1500), '漢字仮名交じり文'.repeat(150), 'Zzz'.repeat(900)]) {
      const bytes = encoder.encode(text);
      expect(bytes.length).toBeGreaterThan(LONG_PIECE_BYTES);
      expect(heapBytePairMerge(bytes, rankOf)).toEqual(libraryMerge.call(core, bytes));
    }
  });
});

describe('a tokenizer on one very long pre-token', () => {
  it('counts a 100k-letter run (one pre-token) as the library would, through the heap path', () => {
    const tokenizer = getTokenizer('o200k_base');
    // 'a' × 8 is one o200k token, so the exact count is known without the quadratic merge.
    expect(tokenizer.count('a'.repeat(100_000))).toBe(12_500);
    expect(tokenizer.encode('a'.repeat(100_000))).toEqual(Array(12_500).fill(tokenizer.encode('a'.repeat(8))[0]));
  });
});
