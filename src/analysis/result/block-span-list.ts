import { BlockList } from './block-list.js';
import type { SegmentSpan, SpanList } from './session-analysis.js';

/**
 * A `SpanList` whose leading blocks are shared with the list it was built after (`BlockList`): a
 * long log's request holds about history / 64 + 64 pointers, not one per segment of its history.
 * JSON writes it as the array of its spans, the shape `--json` has always had.
 */
export class BlockSpanList extends BlockList<SegmentSpan> implements SpanList {
  /** `spans` as a list that shares every whole leading block `previous` has with the same spans in the same places. */
  static after(previous: BlockSpanList | undefined, spans: readonly SegmentSpan[]): BlockSpanList {
    return new BlockSpanList(BlockList.blocksAfter(previous, spans), spans.length);
  }

  /** The list of `previous`'s first `same` spans followed by `added` (see `BlockList.blocksExtending`). */
  static extending(previous: BlockSpanList, same: number, added: readonly SegmentSpan[]): BlockSpanList {
    return new BlockSpanList(BlockList.blocksExtending(previous, same, added), same + added.length);
  }
}
