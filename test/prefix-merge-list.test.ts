import { describe, expect, it } from 'vitest';
import { BytePairEncoder } from '../src/prefix/byte-pair-encoder.js';
import { ByteRankTable } from '../src/prefix/byte-rank-table.js';
import { heapMergeRange } from '../src/prefix/heap-byte-pair-merge.js';

/*
 * A vocabulary given as a merge list (Hugging Face BPE) merges only the pairs it lists. Tiny
 * vocabulary: bytes a, b, c, x (ranks 0–3), then the merges b+c (4), a+b (5), ab+c (6), x+x (7),
 * xx+x (8). "abc" merges b+c first; a + bc is not a listed pair, so it
 * stays two tokens, where a rank list (any two parts whose bytes are a token) would make "abc".
 */
const entries = ['a', 'b', 'c', 'x', 'bc', 'ab', 'abc', 'xx', 'xxx'];
const lefts = Uint8Array.of(0, 0, 0, 0, 1, 1, 2, 1, 2);

function encoder(table: ByteRankTable): BytePairEncoder {
  return new BytePairEncoder(table, /[a-z]+|[^a-z]+/);
}

describe('byte-pair encoding over a merge list', () => {
  it('merges only listed pairs: a + bc is not merged into abc, which the list makes from ab + c', () => {
    const listed = ByteRankTable.fromEntries(entries, { lefts });
    expect(encoder(listed).encode('abc')).toEqual([0, 4]);
    // The same bytes as a rank list merge into the one token.
    expect(encoder(ByteRankTable.fromEntries(entries)).encode('abc')).toEqual([6]);
  });

  it('looks a whole pre-token up only when merging its bytes gives it back (markWholes)', () => {
    const listed = ByteRankTable.fromEntries(entries, { lefts });
    listed.markWholes((bytes) => {
      const tokens: number[] = [];
      heapMergeRange(bytes, 0, bytes.length, listed, tokens);
      return tokens;
    });
    expect(encoder(listed).encode('abc')).toEqual([0, 4]);
    expect(encoder(listed).encode('xxx')).toEqual([8]);
    expect(encoder(listed).encode('ab')).toEqual([5]);
  });

  it('merges long pieces (past 64 bytes, by rank buckets) by the same rule', () => {
    const listed = ByteRankTable.fromEntries(entries, { lefts });
    expect(encoder(listed).encode('abc'.repeat(30))).toEqual(Array.from({ length: 30 }, () => [0, 4]).flat());
  });
});
