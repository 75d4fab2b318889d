import { byteChunkScratch, type Segment } from './segment.js';

/**
 * True when a UTF-8 sequence opened at the end of one segment could continue in a later one: some
 * segment built from bytes (other than the last non-empty one of `segments[0, length)`) ends inside
 * a sequence. Then the segments' texts, each decoded alone, are not the request's text.
 */
export function splitsUtf8Sequence(segments: readonly Segment[], length: number = segments.length): boolean {
  let last = length - 1;
  while (last >= 0 && segments[last]!.byteLength === 0) last--;
  for (let index = 0; index < last; index++) if (segments[index]!.openSequenceBytes > 0) return true;
  return false;
}

/**
 * The text the concatenated bytes of `segments[0, length)` decode to, each invalid sequence one
 * U+FFFD. Equal to the segments' texts joined unless `splitsUtf8Sequence`; only then is it needed.
 */
export function decodeRequestText(segments: readonly Segment[], length: number = segments.length): string {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const scratch = byteChunkScratch();
  let text = '';
  for (let index = 0; index < length; index++) {
    for (const chunk of segments[index]!.byteChunks(scratch)) text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}
