import fc from 'fast-check';
import o200k from 'gpt-tokenizer/encoding/o200k_base';
import cl100k from 'gpt-tokenizer/encoding/cl100k_base';
import { BytePairEncodingCore } from 'gpt-tokenizer/BytePairEncodingCore';
import { describe, expect, it } from 'vitest';
import { createTokenizer, getTokenizer, LONG_PIECE_BYTES, type RankOf } from '../src/prefix/index.js';
import { heapBytePairMerge } from '../src/prefix/heap-byte-pair-merge.js';

interface Core {
  getBpeRankFromBytes(bytes: Uint8Array): number | undefined;
}
// The library's own quadratic merge, from the prototype (kvprefix's private core overrides it in a subclass).
const libraryMerge = (BytePairEncodingCore.prototype as unknown as { bytePairMerge(this: Core, piece: Uint8Array): number[] }).bytePairMerge;
const encoder = new TextEncoder();
const letters = fc.constantFrom('a', 'b', 'e', 'n', 's', 't', 'q', 'Z', 'é', 'ß', '漢', '字', 'の', '한', 'ж', '😀', 'ー');
const piece = fc.array(letters, { minLength: 1, maxLength: 160 }).map((parts) => encoder.encode(parts.join('')));

describe.each([
  ['o200k_base', o200k],
  ['cl100k_base', cl100k],
])('heap byte-pair merge (%s)', (name, module) => {
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
  it('merges a pre-token longer than LONG_PIECE_BYTES through its long-piece merge, and only such pre-tokens', () => {
    const merged: number[] = [];
    const spy = (bytes: Uint8Array, rankOf: RankOf) => (merged.push(bytes.length), heapBytePairMerge(bytes, rankOf));
    const tokenizer = createTokenizer('o200k_base', { longPieceMerge: spy });
    // 'a' × 8 is one o200k token, so the exact tokens are known without the quadratic merge.
    const eight = tokenizer.encode('a'.repeat(8));
    expect(eight).toHaveLength(1);
    expect(tokenizer.encode('a'.repeat(100_000))).toEqual(Array(12_500).fill(eight[0]));
    expect(merged).toEqual([100_000]);
    tokenizer.count('Short pre-tokens, even unknown ones like qzxjvkwq, keep the library path.');
    expect(merged).toEqual([100_000]);
  });

  it('counts a 100k-letter run with the shared tokenizer as the library would', () => {
    expect(getTokenizer('o200k_base').count('a'.repeat(100_000))).toBe(12_500);
  });

  it("leaves gpt-tokenizer's shared encodings alone", () => {
    getTokenizer('o200k_base').count('a'.repeat(2_000));
    getTokenizer('cl100k_base').count('a'.repeat(2_000));
    for (const module of [o200k, cl100k]) {
      const core = (module as unknown as { bytePairEncodingCoreProcessor: object }).bytePairEncodingCoreProcessor;
      expect(Object.hasOwn(core, 'bytePairMerge')).toBe(false);
      expect((core as { bytePairMerge: unknown }).bytePairMerge).toBe(libraryMerge);
    }
  });

  it('gives the library’s tokens on random base64, where few pieces are whole tokens', () => {
    const tokenizer = createTokenizer('o200k_base');
    const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    let state = 7;
    const text = Array.from({ length: 20_000 }, () => base64[(state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 26]).join('');
    expect(tokenizer.encode(text)).toEqual(o200k.encode(text));
    expect(tokenizer.encode(text)).toEqual(o200k.encode(text));
  });

  it('gives the library’s tokens for text with special-token text in it, as ordinary text', () => {
    const text = 'Say <|endoftext|> and <|im_start|> literally; then 漢字 and 😀.';
    expect(getTokenizer('o200k_base').encode(text)).toEqual(o200k.encode(text, { allowedSpecial: new Set(), disallowedSpecial: new Set() }));
    expect(getTokenizer('cl100k_base').encode(text)).toEqual(cl100k.encode(text, { allowedSpecial: new Set(), disallowedSpecial: new Set() }));
  });
});
