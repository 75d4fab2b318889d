import { InputError } from '../../prefix/errors.js';
import { formatMebibytes } from './input-size.js';

/** Every zstd frame starts with these four bytes (RFC 8878 §3.1.1), little-endian 0xFD2FB528. */
export const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd] as const;

/** True when `bytes` opens with the zstd frame magic. */
export function hasZstdMagic(bytes: Uint8Array): boolean {
  return ZSTD_MAGIC.every((byte, index) => bytes[index] === byte);
}

type State =
  | { readonly kind: 'frame-start' }
  | { readonly kind: 'frame-header'; readonly size: number }
  | { readonly kind: 'skippable-size' }
  | { readonly kind: 'block-header'; readonly checksum: boolean }
  | { readonly kind: 'skip'; bytes: number; readonly then: 'frame' | 'block'; readonly checksum: boolean };

/** Where the fields of a frame header sit, from its descriptor byte (RFC 8878 §3.1.1.1.1). */
function headerLayout(descriptor: number) {
  const singleSegment = ((descriptor >> 5) & 1) === 1;
  const sizeFlag = descriptor >> 6;
  const contentSizeBytes = sizeFlag === 0 ? Number(singleSegment) : 1 << sizeFlag;
  const sizeAt = 5 + (singleSegment ? 0 : 1) + [0, 1, 2, 4][descriptor & 3]!;
  return { singleSegment, sizeFlag, contentSizeBytes, sizeAt, size: sizeAt + contentSizeBytes };
}

function littleEndian(bytes: readonly number[], from: number, count: number): number {
  let value = 0;
  for (let index = count - 1; index >= 0; index--) value = value * 256 + bytes[from + index]!;
  return value;
}

/**
 * Walks the frame and block headers of a zstd stream as it arrives, ahead of the decoder, and refuses
 * a frame whose window or declared content size is past the limit. The decoder (fzstd) allocates a
 * frame's whole window when it meets the header and moves it on every block, so a `--long=30` frame
 * of a few kilobytes would take a gigabyte before a single byte came out (RFC 8878 §3.1.1.1.2 gives
 * the window descriptor; §3.1.1.2 the block header). Only headers are read: block contents are
 * skipped by their sizes, so this costs nothing per byte. Malformed headers are left to the decoder
 * to report.
 */
export class ZstdFrameGuard {
  readonly #label: string;
  readonly #limit: number;
  #state: State = { kind: 'frame-start' };
  #pending: number[] = [];

  constructor(label: string, limit: number) {
    this.#label = label;
    this.#limit = limit;
  }

  /** Checks the headers in `chunk`; throws an InputError at a frame past the limit. */
  check(chunk: Uint8Array): void {
    let index = 0;
    while (index < chunk.length) {
      const state = this.#state;
      if (state.kind === 'skip') {
        const step = Math.min(state.bytes, chunk.length - index);
        state.bytes -= step;
        index += step;
        if (state.bytes === 0) this.#state = state.then === 'frame' ? { kind: 'frame-start' } : { kind: 'block-header', checksum: state.checksum };
        continue;
      }
      this.#pending.push(chunk[index]!);
      index++;
      if (this.#pending.length >= this.#needed(state)) this.#advance(state);
    }
  }

  #needed(state: Exclude<State, { kind: 'skip' }>): number {
    if (state.kind === 'frame-start') return 5; // magic and frame header descriptor
    if (state.kind === 'frame-header') return state.size;
    if (state.kind === 'skippable-size') return 8;
    return 3;
  }

  #advance(state: Exclude<State, { kind: 'skip' }>): void {
    const bytes = this.#pending;
    if (state.kind === 'frame-start') {
      if ((bytes[0]! & 0xf0) === 0x50 && bytes[1] === 0x2a && bytes[2] === 0x4d && bytes[3] === 0x18) {
        this.#state = { kind: 'skippable-size' };
        return; // keep the bytes: the size follows the magic
      }
      if (!ZSTD_MAGIC.every((byte, at) => bytes[at] === byte)) return this.#stop(); // the decoder says what is wrong
      this.#state = { kind: 'frame-header', size: headerLayout(bytes[4]!).size };
      return;
    }
    if (state.kind === 'skippable-size') {
      this.#pending = [];
      const size = littleEndian(bytes, 4, 4);
      this.#state = size === 0 ? { kind: 'frame-start' } : { kind: 'skip', bytes: size, then: 'frame', checksum: false };
      return;
    }
    if (state.kind === 'frame-header') {
      const descriptor = bytes[4]!;
      const { singleSegment, sizeFlag, contentSizeBytes, sizeAt } = headerLayout(descriptor);
      const contentSize = contentSizeBytes === 0 ? undefined : littleEndian(bytes, sizeAt, contentSizeBytes) + (sizeFlag === 1 ? 256 : 0);
      let window = contentSize ?? 0;
      if (!singleSegment) {
        const exponent = bytes[5]! >> 3;
        const base = 2 ** (10 + exponent);
        window = base + (base / 8) * (bytes[5]! & 7);
      }
      if (contentSize !== undefined && contentSize > this.#limit) this.#refuse(`declares ${formatMebibytes(contentSize)} of content`);
      if (window > this.#limit) this.#refuse(`asks for a ${formatMebibytes(window)} window`);
      this.#pending = [];
      this.#state = { kind: 'block-header', checksum: ((descriptor >> 2) & 1) === 1 };
      return;
    }
    const header = littleEndian(bytes, 0, 3);
    this.#pending = [];
    const last = (header & 1) === 1;
    const type = (header >> 1) & 3;
    const size = type === 1 ? 1 : header >>> 3; // an RLE block stores one byte
    const afterBlock = last ? (state.checksum ? 4 : 0) : 0;
    const skip = size + afterBlock;
    const then = last ? 'frame' : 'block';
    this.#state = skip === 0 ? (then === 'frame' ? { kind: 'frame-start' } : { kind: 'block-header', checksum: state.checksum }) : { kind: 'skip', bytes: skip, then, checksum: state.checksum };
  }

  /** Unknown bytes: stop checking and let the decoder report them. */
  #stop(): void {
    this.#pending = [];
    this.#state = { kind: 'skip', bytes: Number.POSITIVE_INFINITY, then: 'frame', checksum: false };
  }

  #refuse(what: string): never {
    throw new InputError(
      'input/too-large',
      `a zstd frame ${what}, past the limit of ${formatMebibytes(this.#limit)} (maxInputBytes) for the decompressed log`,
      { source: this.#label },
    );
  }
}
