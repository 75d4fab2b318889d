import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparePrefix, createRequest, getTokenizer, PrefixTokenCounter, type PrefixComparison, type SegmentInput } from '../src/prefix/index.js';

/*
 * comparePrefix against the plain definitions, on random byte strings cut into random segments
 * (text and bytes, empty ones included): the shared bytes are the byte LCP of the two concatenations,
 * each side's segment at the divergence is the one holding that byte, and the shared tokens are the
 * leading tokens the whole tokenizations of the decoded texts share.
 */
const route = { provider: 'openai', model: 'gpt-4o' };
const tokenizer = getTokenizer('o200k_base');
const encoder = new TextEncoder();
const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: false }).decode(bytes);

type Piece = string | Uint8Array;

// Fragments that stress the edges: halves of a 4-byte sequence, lone surrogates, invalid bytes,
// letters and spaces that BPE merges across joins.
const fragments: Piece[] = ['😀', '\ud83d', '\ude00', 'é', 'a', ' ', '\n', 'word', ' the', '', '}', '漢', Uint8Array.of(0xf0, 0x9f), Uint8Array.of(0x98, 0x80), Uint8Array.of(0xc3), Uint8Array.of(0xa9), Uint8Array.of(0xff), Uint8Array.of(0xfe), new Uint8Array(0)];
const piece: fc.Arbitrary<Piece> = fc.oneof(
  fc.constantFrom(...fragments),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.uint8Array({ maxLength: 6 }),
);

const bytesOf = (pieces: readonly Piece[]) => Buffer.concat(pieces.map((part) => (typeof part === 'string' ? encoder.encode(part) : part)));

/** Cuts bytes at the given fractions; a slice that is valid UTF-8 is given as text when `asText` says so. */
function recut(bytes: Uint8Array, cuts: readonly number[], asText: readonly boolean[]): Piece[] {
  const points = [...new Set(cuts.map((cut) => Math.floor(cut * bytes.length)))].sort((x, y) => x - y);
  const pieces: Piece[] = [];
  let previous = 0;
  for (const [index, point] of [...points, bytes.length].entries()) {
    const slice = bytes.slice(previous, point);
    const text = decode(slice);
    pieces.push(asText[index] && Buffer.from(encoder.encode(text)).equals(Buffer.from(slice)) ? text : slice);
    previous = point;
  }
  return pieces;
}

const request = (pieces: readonly Piece[]) =>
  createRequest(route, 'chat', pieces.map((content, index): SegmentInput => ({ kind: 'message', name: `m${index}`, content })));

function lcp(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}

/** The segment holding byte `offset` (skipping empty ones) and the offset inside it, or null past the end. */
function holder(pieces: readonly Piece[], offset: number) {
  let before = 0;
  for (const [index, part] of pieces.entries()) {
    const length = typeof part === 'string' ? encoder.encode(part).length : part.length;
    if (offset < before + length) return { index, segmentByteOffset: offset - before };
    before += length;
  }
  return null;
}

function check(parentPieces: readonly Piece[], childPieces: readonly Piece[]): PrefixComparison {
  const result = comparePrefix(request(parentPieces), request(childPieces), { counter: new PrefixTokenCounter(tokenizer) });
  const parentBytes = bytesOf(parentPieces);
  const childBytes = bytesOf(childPieces);
  const shared = lcp(parentBytes, childBytes);
  expect(result.parent.bytes).toBe(parentBytes.length);
  expect(result.child.bytes).toBe(childBytes.length);
  expect(result.commonPrefix.bytes).toBe(parentBytes.equals(childBytes) ? parentBytes.length : shared);
  if (parentBytes.equals(childBytes)) {
    expect(result.divergence).toBeNull();
  } else {
    expect(result.divergence).toMatchObject({ byteOffset: shared, routeDiffers: false, parent: holder(parentPieces, shared), child: holder(childPieces, shared) });
  }
  const parentTokens = tokenizer.encode(decode(parentBytes));
  const childTokens = tokenizer.encode(decode(childBytes));
  expect(result.parent.tokens).toBe(parentTokens.length);
  expect(result.child.tokens).toBe(childTokens.length);
  expect(result.commonPrefix.tokens).toBe(lcp(parentTokens, childTokens));
  expect(result.commonPrefix.bytes).toBeLessThanOrEqual(Math.min(result.parent.bytes, result.child.bytes));
  expect(result.commonPrefix.tokens).toBeLessThanOrEqual(Math.min(result.parent.tokens, result.child.tokens));
  return result;
}

describe('comparePrefix on random segments', () => {
  it('shares the byte LCP and the whole-tokenization token LCP when the child edits the parent', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.nat(8), fc.array(piece, { maxLength: 4 }), (parent, keep, added) => {
        check(parent, [...parent.slice(0, keep), ...added]);
      }),
      { numRuns: 400 },
    );
  });

  it('sees the same bytes cut differently (text and bytes, empty segments) as identical', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
        (parent, cuts, asText) => {
          const result = check(parent, recut(bytesOf(parent), cuts, asText));
          expect(result.divergence).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('locates the divergence on both sides when the child is the parent recut, then edited', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 8 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.uint8Array({ maxLength: 4 }),
        (parent, cuts, asText, editAt, inserted) => {
          const bytes = bytesOf(parent);
          const at = Math.floor(editAt * bytes.length);
          const edited = Buffer.concat([bytes.subarray(0, at), inserted, bytes.subarray(at + 1)]);
          check(parent, recut(edited, cuts, asText));
        },
      ),
      { numRuns: 400 },
    );
  });
});
