import { loadXxhash64, type Xxhash64 } from './xxhash64.js';

/*
 * xxHash64 through xxhash-wasm's module, instantiated synchronously on the first hash (not at
 * import: importing kvprefix to read a session log hashes nothing), so every call is synchronous.
 */
let instance: Xxhash64 | undefined;
const xxh64 = (): Xxhash64 => (instance ??= loadXxhash64());

const encoder = new TextEncoder();
// Chars per encoding step; UTF-8 needs at most 3 bytes per UTF-16 code unit.
const CHUNK_CHARS = 64 * 1024;
const scratch = new Uint8Array(CHUNK_CHARS * 3);

/**
 * xxHash64 and UTF-8 byte length of `text` in one pass. A segment needs both, and measuring the
 * length separately (`Buffer.byteLength`) costs as much as the hash itself on non-Latin-1 text
 * (bench/segment-hash-text). The text is encoded chunk by chunk into one fixed scratch buffer and
 * streamed into the hasher, so a 64 MiB prompt is never copied whole; the hash equals `h64Raw` of
 * the full UTF-8 bytes.
 */
export function hashTextWithLength(text: string): { hash: bigint; byteLength: number } {
  if (text.length <= CHUNK_CHARS) {
    const { written } = encoder.encodeInto(text, scratch);
    return { hash: xxh64().hash(scratch.subarray(0, written)), byteLength: written };
  }
  const hasher = xxh64().stream();
  let byteLength = 0;
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + CHUNK_CHARS, text.length);
    // Never split a surrogate pair across chunks: a lone half would encode as U+FFFD.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    const { written } = encoder.encodeInto(text.slice(start, end), scratch);
    hasher.update(scratch.subarray(0, written));
    byteLength += written;
    start = end;
  }
  return { hash: hasher.digest(), byteLength };
}

/** xxHash64 of the UTF-8 encoding of `text`. */
export function hashText(text: string): bigint {
  return hashTextWithLength(text).hash;
}

/** xxHash64 of raw bytes. */
export function hashBytes(bytes: Uint8Array): bigint {
  return xxh64().hash(bytes);
}

const chainBuffer = new Uint8Array(16);
const chainView = new DataView(chainBuffer.buffer);

/**
 * Chains a segment hash onto the previous prefix hash: `h64(previous ‖ segment)` over 16 little-endian
 * bytes. Two requests share a prefix of k segments exactly when their k-th chained hashes are equal
 * (vLLM's block-hash chain uses the same construction).
 */
export function chainHash(previous: bigint, segment: bigint): bigint {
  chainView.setBigUint64(0, previous, true);
  chainView.setBigUint64(8, segment, true);
  return xxh64().hash(chainBuffer);
}

/** Fixed-width lowercase hex of a 64-bit hash, for JSON and display. */
export function hashHex(hash: bigint): string {
  return hash.toString(16).padStart(16, '0');
}
