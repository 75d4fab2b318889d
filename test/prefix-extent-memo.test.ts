import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRequest, getTokenizer, PrefixTokenCounter, requestByteLength, type SegmentInput } from '../src/prefix/index.js';
import { splitsUtf8Sequence } from '../src/prefix/request-text.js';

/*
 * The counter's memoised byte lengths and UTF-8 split checks against the plain walks over the
 * segments, on random requests that share random prefixes (text and byte segments, empty ones and
 * halves of multi-byte sequences included), asked for in random order so that each answer may start
 * from a prefix memoised by another request.
 */
const route = { provider: 'openai', model: 'gpt-4o' };
const content: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  fc.constantFrom<string | Uint8Array>('', 'a', '😀', 'é', Uint8Array.of(0xf0, 0x9f), Uint8Array.of(0x98, 0x80), Uint8Array.of(0xc3), Uint8Array.of(0xa9), new Uint8Array(0)),
  fc.string({ maxLength: 4 }),
);
const inputs = fc.array(content, { maxLength: 8 }).map((contents) => contents.map((part, index): SegmentInput => ({ kind: 'message', name: `m${index}`, content: part })));

describe('PrefixTokenCounter byte lengths and UTF-8 splits', () => {
  it('equal the walks over the segments for every prefix of requests that share prefixes', () => {
    fc.assert(
      fc.property(inputs, fc.array(fc.tuple(fc.nat(8), inputs), { minLength: 1, maxLength: 5 }), fc.array(fc.tuple(fc.nat(5), fc.nat(16))), (common, tails, asks) => {
        const counter = new PrefixTokenCounter(getTokenizer('o200k_base'));
        const requests = tails.map(([keep, tail]) => createRequest(route, 'chat', [...common.slice(0, keep), ...tail]));
        for (const [which, length] of [...asks, ...requests.map((request, index) => [index, request.segments.length] as const)]) {
          const segments = requests[which % requests.length]!.segments;
          const upTo = Math.min(length, segments.length);
          expect(counter.byteLength(segments, upTo)).toBe(requestByteLength({ ...requests[0]!, segments: segments.slice(0, upTo) }));
          expect(counter.splitsSequence(segments, upTo)).toBe(splitsUtf8Sequence(segments, upTo));
        }
      }),
      { numRuns: 300 },
    );
  });
});
