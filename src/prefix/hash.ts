import xxhash from 'xxhash-wasm';

/*
 * xxHash64 through xxhash-wasm. The WASM module is instantiated once, at module load (top-level
 * await), so every hashing call below is synchronous.
 *
 * Strings are hashed with `h64(string)`, which UTF-8-encodes straight into WASM memory: hashing a
 * string never materialises a second JS copy of its bytes, and the result equals `h64Raw` of the
 * UTF-8 bytes, so a segment built from text and one built from the same bytes hash identically.
 */
const api = await xxhash();

/** xxHash64 of the UTF-8 encoding of `text`. */
export function hashText(text: string): bigint {
  return api.h64(text);
}

/** xxHash64 of raw bytes. */
export function hashBytes(bytes: Uint8Array): bigint {
  return api.h64Raw(bytes);
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
  return api.h64Raw(chainBuffer);
}

/** Fixed-width lowercase hex of a 64-bit hash, for JSON and display. */
export function hashHex(hash: bigint): string {
  return hash.toString(16).padStart(16, '0');
}
