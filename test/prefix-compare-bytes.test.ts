import { describe, expect, it } from 'vitest';
import { comparePrefix, createRequest, type SegmentInput } from '../src/prefix/index.js';

// Issue 7 §3: the comparison is byte-exact, whatever the segments hold (text or bytes) and however
// the bytes are cut into segments.
const route = { provider: 'openai', model: 'gpt-4o' };
const request = (...contents: (string | number[])[]) =>
  createRequest(
    route,
    'chat',
    contents.map((content, index): SegmentInput => ({ kind: 'message', name: `m${index}`, content: typeof content === 'string' ? content : Uint8Array.from(content) })),
  );

describe('comparePrefix on bytes', () => {
  it('finds a difference between two invalid bytes that both decode to U+FFFD', () => {
    const result = comparePrefix(request([0x61, 0xff]), request([0x61, 0xfe]));
    expect(result.divergence).toMatchObject({ byteOffset: 1, parent: { index: 0, segmentByteOffset: 1 }, child: { index: 0, segmentByteOffset: 1 } });
    expect(result.commonPrefix.bytes).toBe(1);
  });

  it('sees the same bytes cut differently as identical, with the same tokens on both sides', () => {
    const result = comparePrefix(request([0xf0, 0x9f], [0x98, 0x80]), request([0xf0, 0x9f, 0x98, 0x80]));
    expect(result.divergence).toBeNull();
    expect(result.parent.tokens).toBe(result.child.tokens);
    expect(result.commonPrefix).toMatchObject({ bytes: 4, tokens: result.child.tokens });
  });

  it('never shares more bytes or tokens than the shorter side has', () => {
    const result = comparePrefix(request('abc', 'def'), request('abc', 'de'));
    expect(result.commonPrefix.bytes).toBe(5);
    expect(result.divergence).toMatchObject({ byteOffset: 5, parent: { index: 1, segmentByteOffset: 2 }, child: null });
    expect(result.commonPrefix.tokens).toBeLessThanOrEqual(result.child.tokens);
  });

  it('ignores a trailing empty segment, which sends no bytes', () => {
    expect(comparePrefix(request('abc'), request('abc', '')).divergence).toBeNull();
    expect(comparePrefix(request('abc', ''), request('abc', [])).divergence).toBeNull();
  });

  it('compares a lone surrogate as the EF BF BD it is sent as', () => {
    const result = comparePrefix(request('abc\ud83d'), request('abc\ud83d\ude00'));
    // 61 62 63 EF BF BD against 61 62 63 F0 9F 98 80: they differ at byte 3, in segment 0.
    expect(result.divergence).toMatchObject({ byteOffset: 3, parent: { index: 0, segmentByteOffset: 3 }, child: { index: 0, segmentByteOffset: 3 } });
    expect(comparePrefix(request('abc\ud83d'), request('abc\ufffd')).divergence).toBeNull();
    expect(comparePrefix(request('abc\ud83d'), request([0x61, 0x62, 0x63, 0xef, 0xbf, 0xbd])).divergence).toBeNull();
  });

  it('names the segment that holds the differing byte on each side when the cuts differ', () => {
    const result = comparePrefix(request('ab', 'cdef'), request('abcd', 'eX'));
    expect(result.divergence).toMatchObject({ byteOffset: 5, parent: { index: 1, segmentByteOffset: 3 }, child: { index: 1, segmentByteOffset: 1 } });
    expect(result.divergence!.excerpt).toEqual({ parent: 'abcde‸f', child: 'abcde‸X' });
  });
});
