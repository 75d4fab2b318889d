import type { BytePosition } from './first-differing-byte.js';
import type { Segment } from './segment.js';

/** Where two requests part, reading from one segment on: bytes shared from there, and each side's position (null: ended). */
export interface Parting {
  readonly shared: number;
  readonly a: BytePosition | null;
  readonly b: BytePosition | null;
}

/** A keyed segment of a request from segment `from` on, and the bytes from there that come before it. */
interface KeyedAt {
  readonly index: number;
  readonly offset: number;
}

function keyedBefore(segments: readonly Segment[], from: number, end: number): KeyedAt[] {
  const found: KeyedAt[] = [];
  let offset = 0;
  for (let index = from; index < end; index++) {
    const segment = segments[index]!;
    if (segment.key !== undefined) found.push({ index, offset });
    offset += segment.byteLength;
  }
  return found;
}

/** The segment holding byte `offset` of a request read from segment `from` on, or null when it has ended there. */
function byteAt(segments: readonly Segment[], from: number, offset: number): BytePosition | null {
  let start = 0;
  for (let index = from; index < segments.length; index++) {
    const length = segments[index]!.byteLength;
    if (length > 0 && offset < start + length) return { segment: index, offset: offset - start };
    start += length;
  }
  return null;
}

/**
 * The first keyed segment (`SegmentInput.key`) at which two requests part, reading both from segment
 * `from` on, before their first differing byte (`bytes`, from `firstDifferingByte`; null when every
 * byte from there is the same): the i-th keyed segment of each side must sit after the same bytes
 * and hold the same key. A keyed segment comes before the bytes that follow it, so a setting that
 * differs where the bytes also start to differ is where the requests part. The side without a
 * keyed segment there is positioned at the byte that follows (null when it has ended). Null when
 * every keyed segment before the byte difference agrees.
 */
export function firstDifferingKey(a: readonly Segment[], b: readonly Segment[], from: number, bytes: Parting | null): Parting | null {
  // Keyed segments after a side's differing byte lie past the difference: they are never read.
  const keysA = keyedBefore(a, from, bytes?.a ? bytes.a.segment : a.length);
  const keysB = keyedBefore(b, from, bytes?.b ? bytes.b.segment : b.length);
  for (let at = 0; at < Math.max(keysA.length, keysB.length); at++) {
    const keyA = keysA[at];
    const keyB = keysB[at];
    if (keyA && keyB && keyA.offset === keyB.offset && a[keyA.index]!.key === b[keyB.index]!.key) continue;
    const offset = Math.min(keyA?.offset ?? Number.POSITIVE_INFINITY, keyB?.offset ?? Number.POSITIVE_INFINITY);
    return {
      shared: offset,
      a: keyA && keyA.offset === offset ? { segment: keyA.index, offset: 0 } : byteAt(a, from, offset),
      b: keyB && keyB.offset === offset ? { segment: keyB.index, offset: 0 } : byteAt(b, from, offset),
    };
  }
  return null;
}
