import { chainHash, hashBytes, hashHex, hashText, hashTextWithLength } from './hash.js';
import { openSequenceLength, wellFormed } from './utf8.js';

/**
 * What part of a request a segment is. `setting` is a keyed segment (see `SegmentInput.key`): a
 * request setting the route keys its cache on at that point, with no bytes of its own.
 */
export type SegmentKind = 'system' | 'tool' | 'sdk' | 'message' | 'task' | 'setting';

/** Every segment kind, in no particular order (for validation and tables). */
export const SEGMENT_KINDS = ['system', 'tool', 'sdk', 'message', 'task', 'setting'] as const satisfies readonly SegmentKind[];

/** Provider-specific facts about a segment that do not change its bytes. */
export interface SegmentMeta {
  /** Anthropic `cache_control` breakpoint attached to this block, as sent. */
  readonly cacheControl?: { readonly type: string; readonly ttl?: string };
  /** Chat role of a message segment (`system`, `user`, `assistant`, `tool`). */
  readonly role?: string;
  /**
   * Content blocks that end inside this segment, where a reader counts them (Anthropic's lookback is
   * counted in blocks: each tool, system block and message content block is one). Absent: one.
   */
  readonly blocks?: number;
}

/** What a caller supplies to build a segment: the rendered text (or its UTF-8 bytes) and its identity. */
export interface SegmentInput {
  readonly kind: SegmentKind;
  /** Section id, tool name, or a message label such as `message[3]:user`. */
  readonly name: string;
  /**
   * The exact rendered text, or its UTF-8 bytes. A lone surrogate in text is sent as UTF-8 sends it,
   * EF BF BD (U+FFFD): `"abc\ud83d"` and `"abc\ufffd"` are the same segment.
   */
  readonly content: string | Uint8Array;
  readonly meta?: SegmentMeta;
  /**
   * `hashTextWithLength(content)` of text content, when the caller already computed it (a reader
   * that keys its own records by the same hash): the text is then not encoded and hashed again.
   */
  readonly measured?: { readonly hash: bigint; readonly byteLength: number };
  /**
   * Makes the segment a keyed one: a setting the route keys its cache on at this point without
   * sending bytes for it (a provider that invalidates what follows when a request parameter
   * changes). `content` must then be empty: the segment has no bytes and no tokens, and its hash is
   * made from the key, so the prefix hashes after it chain through it and two requests whose keys
   * differ part there even when every byte is the same.
   */
  readonly key?: string;
}

// Mixed into a keyed segment's hash, so that it never equals the hash of the bytes of a text segment
// (chainHash hashes 16 bytes; a keyed segment has none).
const KEYED_TAG = 0x6b657965645f7365n;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });
// UTF-16 units encoded per step of `byteChunks`; a unit takes at most 3 UTF-8 bytes.
const CHUNK_CHARS = 8 * 1024;

/** A scratch buffer large enough for one chunk of `Segment.byteChunks`. */
export function byteChunkScratch(): Uint8Array {
  return new Uint8Array(CHUNK_CHARS * 3);
}

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
  /**
   * Bytes at the end of a segment built from bytes that open a UTF-8 sequence it does not finish
   * (0–3; always 0 for text). The next segment's bytes may finish it, so such a segment's text on its
   * own is not its part of the request's text.
   */
  readonly openSequenceBytes: number;
  /** The key of a keyed segment (`SegmentInput.key`); undefined for a segment of bytes. */
  readonly key: string | undefined;
  // Text as given, possibly holding lone surrogates: hashing and encoding read it directly, because
  // TextEncoder already writes a lone surrogate as EF BF BD. Only `text` needs it well-formed, and
  // checking that scans the whole string (as long as the encode and hash together on Node 20), so
  // it is done on first read of `text`, not at construction.
  #givenText: string | undefined;
  #text: string | undefined;
  #bytes: Uint8Array | undefined;
  readonly #byteLength: number;

  constructor(input: SegmentInput, previousPrefixHash: bigint) {
    this.kind = input.kind;
    this.name = input.name;
    this.meta = input.meta;
    this.key = input.key;
    if (input.key !== undefined) {
      if (input.content.length > 0) throw new RangeError(`keyed segment '${input.name}' has ${input.content.length} ${typeof input.content === 'string' ? 'chars' : 'bytes'} of content; a keyed segment sends none`);
      this.#givenText = '';
      this.hash = chainHash(hashText(input.key), KEYED_TAG);
      this.#byteLength = 0;
      this.openSequenceBytes = 0;
    } else if (typeof input.content === 'string') {
      this.#givenText = input.content;
      const { hash, byteLength } = input.measured ?? hashTextWithLength(input.content);
      this.hash = hash;
      this.#byteLength = byteLength;
      this.openSequenceBytes = 0;
    } else {
      this.#bytes = input.content;
      this.#byteLength = input.content.byteLength;
      this.hash = hashBytes(input.content);
      this.openSequenceBytes = openSequenceLength(input.content);
    }
    this.prefixHash = chainHash(previousPrefixHash, this.hash);
  }

  /**
   * The text the segment's bytes decode to: the given text with lone surrogates as U+FFFD, or the
   * bytes decoded on first use (each invalid sequence one U+FFFD).
   */
  get text(): string {
    if (this.#text === undefined) {
      this.#text = this.#givenText === undefined ? decoder.decode(this.#bytes) : wellFormed(this.#givenText);
      this.#givenText = undefined;
    }
    return this.#text;
  }

  /** The rendered UTF-8 bytes (encoded from the text on first use when built from text). */
  get bytes(): Uint8Array {
    this.#bytes ??= encoder.encode(this.#text ?? this.#givenText);
    return this.#bytes;
  }

  /**
   * The rendered bytes as a series of views, without materialising a text segment's whole encoding:
   * a segment built from bytes yields them once; text is encoded step by step into `scratch` (from
   * `byteChunkScratch()`), each view valid until the next step.
   */
  *byteChunks(scratch: Uint8Array): Generator<Uint8Array, void, undefined> {
    if (this.#bytes) {
      if (this.#bytes.length > 0) yield this.#bytes;
      return;
    }
    const text = (this.#text ?? this.#givenText)!;
    for (let start = 0; start < text.length; ) {
      let end = Math.min(start + CHUNK_CHARS, text.length);
      // Never split a surrogate pair: a lone half would encode as U+FFFD.
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
      const { written } = encoder.encodeInto(text.slice(start, end), scratch);
      yield scratch.subarray(0, written);
      start = end;
    }
  }

  /** Length of the rendered bytes (measured while hashing). */
  get byteLength(): number {
    return this.#byteLength;
  }

  toJSON(): { kind: SegmentKind; name: string; bytes: number; hash: string; prefixHash: string; key?: string } {
    const json = { kind: this.kind, name: this.name, bytes: this.byteLength, hash: hashHex(this.hash), prefixHash: hashHex(this.prefixHash) };
    return this.key === undefined ? json : { ...json, key: this.key };
  }
}
