import { byteChunkScratch, type Segment } from './segment.js';

/** A byte of a request: the segment holding it and its offset inside that segment. */
export interface BytePosition {
  readonly segment: number;
  readonly offset: number;
}

/**
 * Reads a request's bytes from one segment on, a chunk at a time, skipping empty segments (they
 * send nothing, so they can never hold a differing byte).
 */
class ByteReader {
  readonly #segments: readonly Segment[];
  // Made on the first text segment read: most comparisons end at a segment boundary or read one
  // side only, and a scratch per reader per comparison was most of a projects folder's garbage.
  #scratch: Uint8Array | undefined;
  #index: number;
  #chunks: Iterator<Uint8Array> | undefined;
  chunk: Uint8Array = new Uint8Array(0);
  /** Next unread byte of `chunk`. */
  at = 0;
  /** Offset of `chunk[0]` inside segment `#index`. */
  #chunkStart = 0;

  constructor(segments: readonly Segment[], from: number) {
    this.#segments = segments;
    this.#index = from;
  }

  /** Makes `chunk[at]` the next unread byte; false when the request has no byte left. */
  fill(): boolean {
    while (this.at >= this.chunk.length) {
      const next = this.#chunks?.next();
      if (next && !next.done) {
        this.#chunkStart += this.chunk.length;
        this.chunk = next.value;
        this.at = 0;
        continue;
      }
      if (this.#chunks) this.#index++;
      const segment = this.#segments[this.#index];
      if (!segment) return false;
      this.#chunks = segment.byteChunks((this.#scratch ??= byteChunkScratch()));
      this.chunk = new Uint8Array(0);
      this.at = 0;
      this.#chunkStart = 0;
    }
    return true;
  }

  position(): BytePosition {
    return { segment: this.#index, offset: this.#chunkStart + this.at };
  }
}

/**
 * The first byte at which two requests differ, reading both from segment `from` on (the segments
 * before it are known identical). Returns how many bytes from `from` on are shared and, for each
 * side, where its differing byte lies (null for a side that has ended there), or null when the
 * remaining bytes are identical, however they are cut into segments. Text is encoded a chunk at a
 * time, so a request is never copied whole.
 */
export function firstDifferingByte(
  a: readonly Segment[],
  b: readonly Segment[],
  from: number,
): { shared: number; a: BytePosition | null; b: BytePosition | null } | null {
  const readerA = new ByteReader(a, from);
  const readerB = new ByteReader(b, from);
  let shared = 0;
  for (;;) {
    const hasA = readerA.fill();
    const hasB = readerB.fill();
    if (!hasA || !hasB) {
      if (!hasA && !hasB) return null;
      return { shared, a: hasA ? readerA.position() : null, b: hasB ? readerB.position() : null };
    }
    const chunkA = readerA.chunk;
    const chunkB = readerB.chunk;
    const span = Math.min(chunkA.length - readerA.at, chunkB.length - readerB.at);
    let matched = 0;
    while (matched < span && chunkA[readerA.at + matched] === chunkB[readerB.at + matched]) matched++;
    readerA.at += matched;
    readerB.at += matched;
    shared += matched;
    if (matched < span) return { shared, a: readerA.position(), b: readerB.position() };
  }
}
