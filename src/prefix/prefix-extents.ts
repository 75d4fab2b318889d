import { BoundedMemo } from './bounded-memo.js';
import type { Segment } from './segment.js';

/** What a chain of segments holds besides its tokens. */
interface PrefixExtent {
  readonly bytes: number;
  /** Index of the chain's first segment that ends inside a UTF-8 sequence it does not finish, or -1. */
  readonly firstOpen: number;
  /** Index of the chain's last segment with bytes, or -1. */
  readonly lastNonEmpty: number;
}

const EMPTY: PrefixExtent = { bytes: 0, firstOpen: -1, lastNonEmpty: -1 };

/**
 * The byte length of request prefixes and whether they split a UTF-8 sequence across segments,
 * memoised by the prefix hash of their last segment (which fixes every segment before it). Summing
 * a long history's segments for every comparison made each request of a long log cost its whole
 * history; here a prefix costs the segments after the longest one already seen, as `stateAfter` does
 * for tokens.
 */
export class PrefixExtents {
  readonly #extents: BoundedMemo<bigint, PrefixExtent>;

  constructor(limit: number) {
    this.#extents = new BoundedMemo(limit);
  }

  clear(): void {
    this.#extents.clear();
  }

  /** Total bytes of `segments[0, length)`. */
  bytes(segments: readonly Segment[], length: number = segments.length): number {
    return this.#after(segments, length).bytes;
  }

  /** `splitsUtf8Sequence(segments, length)`, from the memo. */
  splitsSequence(segments: readonly Segment[], length: number = segments.length): boolean {
    const { firstOpen, lastNonEmpty } = this.#after(segments, length);
    return firstOpen >= 0 && firstOpen < lastNonEmpty;
  }

  #after(segments: readonly Segment[], length: number): PrefixExtent {
    let known = length;
    let extent: PrefixExtent | undefined;
    while (known > 0 && (extent = this.#extents.get(segments[known - 1]!.prefixHash)) === undefined) known--;
    extent ??= EMPTY;
    for (let index = known; index < length; index++) {
      const segment = segments[index]!;
      extent = {
        bytes: extent.bytes + segment.byteLength,
        firstOpen: extent.firstOpen < 0 && segment.openSequenceBytes > 0 ? index : extent.firstOpen,
        lastNonEmpty: segment.byteLength > 0 ? index : extent.lastNonEmpty,
      };
      this.#extents.set(segment.prefixHash, extent);
    }
    return extent;
  }
}
