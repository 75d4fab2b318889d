import { chainHash, hashBytes, hashHex, hashTextWithLength } from './hash.js';

/** What part of a request a segment is. */
export type SegmentKind = 'system' | 'tool' | 'sdk' | 'message' | 'task';

/** Every segment kind, in no particular order (for validation and tables). */
export const SEGMENT_KINDS = ['system', 'tool', 'sdk', 'message', 'task'] as const satisfies readonly SegmentKind[];

/** Provider-specific facts about a segment that do not change its bytes. */
export interface SegmentMeta {
  /** Anthropic `cache_control` breakpoint attached to this block, as sent. */
  readonly cacheControl?: { readonly type: string; readonly ttl?: string };
  /** Chat role of a message segment (`system`, `user`, `assistant`, `tool`). */
  readonly role?: string;
}

/** What a caller supplies to build a segment: the rendered text (or its UTF-8 bytes) and its identity. */
export interface SegmentInput {
  readonly kind: SegmentKind;
  /** Section id, tool name, or a message label such as `message[3]:user`. */
  readonly name: string;
  /** The exact rendered text, or its UTF-8 bytes. */
  readonly content: string | Uint8Array;
  readonly meta?: SegmentMeta;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * One hashed span of a request's rendered bytes.
 *
 * A segment keeps whichever representation it was built from (text or bytes) and materialises the
 * other only when asked: hashing a 64 MiB prompt must not copy it, and most segments are never
 * looked at byte by byte (only the one where two requests diverge is).
 */
export class Segment {
  readonly kind: SegmentKind;
  readonly name: string;
  /** xxHash64 of the segment's UTF-8 bytes. */
  readonly hash: bigint;
  /** `hash` chained onto the previous segment's `prefixHash` (the route seed for the first). */
  readonly prefixHash: bigint;
  readonly meta: SegmentMeta | undefined;
  #text: string | undefined;
  #bytes: Uint8Array | undefined;
  readonly #byteLength: number;

  constructor(input: SegmentInput, previousPrefixHash: bigint) {
    this.kind = input.kind;
    this.name = input.name;
    this.meta = input.meta;
    if (typeof input.content === 'string') {
      this.#text = input.content;
      const { hash, byteLength } = hashTextWithLength(input.content);
      this.hash = hash;
      this.#byteLength = byteLength;
    } else {
      this.#bytes = input.content;
      this.#byteLength = input.content.byteLength;
      this.hash = hashBytes(input.content);
    }
    this.prefixHash = chainHash(previousPrefixHash, this.hash);
  }

  /** The rendered text (decoded from the bytes on first use when built from bytes). */
  get text(): string {
    this.#text ??= decoder.decode(this.#bytes);
    return this.#text;
  }

  /** The rendered UTF-8 bytes (encoded from the text on first use when built from text). */
  get bytes(): Uint8Array {
    this.#bytes ??= encoder.encode(this.#text);
    return this.#bytes;
  }

  /** Length of the rendered bytes (measured while hashing). */
  get byteLength(): number {
    return this.#byteLength;
  }

  toJSON(): { kind: SegmentKind; name: string; bytes: number; hash: string; prefixHash: string } {
    return { kind: this.kind, name: this.name, bytes: this.byteLength, hash: hashHex(this.hash), prefixHash: hashHex(this.prefixHash) };
  }
}
