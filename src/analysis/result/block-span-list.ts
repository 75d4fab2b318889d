import type { SegmentSpan, SpanList } from './session-analysis.js';

/*
 * Why blocks: each request of a long log repeats the spans of the one before it and adds a few. One
 * array per request would hold (requests × history) pointers even though the span objects are
 * shared. Here a list is its spans cut in blocks of BLOCK: a list built after an earlier one reuses
 * every whole leading block the two have in common (same span objects in the same order) and copies
 * only the rest, so a request costs about history / BLOCK + BLOCK pointers, and reading by index
 * stays O(1). 64 keeps both terms small for histories of a few thousand segments.
 */
const BLOCK = 64;
const SHIFT = 6;

/** A `SpanList` whose leading blocks are shared with the list it was built after. */
export class BlockSpanList implements SpanList {
  readonly length: number;
  readonly #blocks: readonly (readonly SegmentSpan[])[];

  private constructor(blocks: readonly (readonly SegmentSpan[])[], length: number) {
    this.#blocks = blocks;
    this.length = length;
  }

  /** `spans` as a list that shares every whole leading block `previous` has with the same spans in the same places. */
  static after(previous: BlockSpanList | undefined, spans: readonly SegmentSpan[]): BlockSpanList {
    const blocks: (readonly SegmentSpan[])[] = [];
    for (const block of previous === undefined ? [] : previous.#blocks) {
      const start = blocks.length * BLOCK;
      if (block.length !== BLOCK || start + BLOCK > spans.length || !block.every((span, offset) => span === spans[start + offset])) break;
      blocks.push(block);
    }
    for (let start = blocks.length * BLOCK; start < spans.length; start += BLOCK) blocks.push(spans.slice(start, start + BLOCK));
    return new BlockSpanList(blocks, spans.length);
  }

  /** Like `Array.prototype.at`: a negative index counts from the end. */
  at(index: number): SegmentSpan | undefined {
    const position = Math.trunc(index) < 0 ? Math.trunc(index) + this.length : Math.trunc(index);
    if (!(position >= 0 && position < this.length)) return undefined;
    return this.#blocks[position >> SHIFT]?.[position & (BLOCK - 1)];
  }

  *[Symbol.iterator](): Iterator<SegmentSpan> {
    for (const block of this.#blocks) yield* block;
  }

  /** JSON writes the list as the array of its spans, the shape `--json` has always had. */
  toJSON(): SegmentSpan[] {
    return [...this];
  }
}
