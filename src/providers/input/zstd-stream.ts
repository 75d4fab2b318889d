import { InputError } from '../../prefix/errors.js';
import { inputTooLarge } from './input-size.js';
import { ZstdFrameGuard } from './zstd-frame-guard.js';

/**
 * Compressed input goes to the decoder in slices this small, so one push can only produce what a
 * slice of blocks expands to, and the limit (checked inside the decoder's callback) stops it there.
 */
const SLICE_BYTES = 16 * 1024;

function zstdError(label: string, error: unknown): InputError {
  const detail = error instanceof Error ? error.message : String(error);
  return new InputError('input/zstd-corrupt', `corrupt or truncated zstd stream (${detail})`, { source: label }, { cause: error });
}

/**
 * Decompresses a zstd byte stream as it arrives (fzstd's streaming `Decompress`), so a large stored
 * log is never held whole in memory, and never lets it expand past `limit` bytes: frames whose
 * window or declared size is past the limit are refused before the decoder allocates them
 * (`ZstdFrameGuard`), and the count of decompressed bytes is checked inside the decoder's callback,
 * block by block, so a bomb of tiny run-length blocks stops at the limit, not after a whole read
 * chunk expanded. A stream that ends inside a frame is reported, not cut short silently: the final
 * empty push makes fzstd check that the last frame is complete.
 */
export async function* zstdChunks(chunks: AsyncIterable<Uint8Array>, label: string, limit: number): AsyncGenerator<Uint8Array> {
  // Loaded here, on the first compressed input: most logs are plain, and a short command such as
  // `kvprefix seed` should not load a decoder it does not use.
  const { Decompress } = await import('fzstd');
  const guard = new ZstdFrameGuard(label, limit);
  let ready: Uint8Array[] = [];
  let total = 0;
  const decompressor = new Decompress((data) => {
    if (data.length === 0) return;
    total += data.byteLength;
    if (total > limit) throw inputTooLarge(label, undefined, limit, 'decompressed log');
    ready.push(data);
  });
  const push = (slice: Uint8Array, final: boolean): Uint8Array[] => {
    try {
      decompressor.push(slice, final);
    } catch (error) {
      throw error instanceof InputError ? error : zstdError(label, error);
    }
    const out = ready;
    ready = [];
    return out;
  };
  for await (const chunk of chunks) {
    for (let start = 0; start < chunk.length; start += SLICE_BYTES) {
      const slice = chunk.subarray(start, start + SLICE_BYTES);
      guard.check(slice);
      yield* push(slice, false);
    }
  }
  yield* push(new Uint8Array(0), true);
}
