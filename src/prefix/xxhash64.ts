import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * xxHash64 from xxhash-wasm's WebAssembly module, instantiated synchronously on first use. The
 * package's own entry point instantiates asynchronously, which forced a top-level await on every
 * importer (and made `require()` of kvprefix impossible); the module it embeds is also shipped as a
 * file (`workerd/xxhash.wasm`, byte-identical at the pinned 1.1.0), which is what is loaded here.
 * The calls below are the package's own glue, written out: the same exports, memory layout and
 * seed, so the hashes are those of `h64Raw` / `create64` (test/prefix-segment-hash.test.ts).
 */

// The compile target's type library has no WebAssembly declarations; these are the parts used.
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { readonly exports: unknown };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

interface XxhashExports {
  readonly mem: WasmMemory;
  xxh64(pointer: number, length: number, seed: bigint): bigint;
  init64(statePointer: number, seed: bigint): void;
  update64(statePointer: number, pointer: number, length: number): void;
  digest64(statePointer: number): bigint;
}

/** Bytes of xxHash64's streaming state at the start of the module's memory; input goes after it. */
const STATE_BYTES = 88;
const PAGE_BYTES = 65_536;

/** A streaming xxHash64: `update` with bytes, then `digest`. */
export interface Xxhash64Stream {
  update(bytes: Uint8Array): void;
  digest(): bigint;
}

/** Synchronous xxHash64 over one WebAssembly instance. */
export class Xxhash64 {
  readonly #exports: XxhashExports;
  #memory: Uint8Array;

  constructor(exports: XxhashExports) {
    this.#exports = exports;
    this.#memory = new Uint8Array(exports.mem.buffer);
  }

  /** Makes the module's memory hold `bytes` bytes (growing it detaches the old view). */
  #reserve(bytes: number): Uint8Array {
    const { mem } = this.#exports;
    if (mem.buffer.byteLength < bytes) mem.grow(Math.ceil((bytes - mem.buffer.byteLength) / PAGE_BYTES));
    if (this.#memory.buffer !== mem.buffer) this.#memory = new Uint8Array(mem.buffer);
    return this.#memory;
  }

  /** xxHash64 (seed 0) of `bytes`, unsigned. */
  hash(bytes: Uint8Array): bigint {
    this.#reserve(bytes.byteLength).set(bytes);
    return BigInt.asUintN(64, this.#exports.xxh64(0, bytes.byteLength, 0n));
  }

  /**
   * A streaming hash. Its state lives in a copy between calls and is put back before each step, so
   * other hashing in between (one-shot or another stream) cannot disturb it.
   */
  stream(): Xxhash64Stream {
    const state = new Uint8Array(STATE_BYTES);
    const memory = this.#reserve(STATE_BYTES);
    memory.fill(0, 0, STATE_BYTES);
    this.#exports.init64(0, 0n);
    state.set(memory.subarray(0, STATE_BYTES));
    return {
      update: (bytes) => {
        const view = this.#reserve(STATE_BYTES + bytes.byteLength);
        view.set(state);
        view.set(bytes, STATE_BYTES);
        this.#exports.update64(0, STATE_BYTES, bytes.byteLength);
        state.set(view.subarray(0, STATE_BYTES));
      },
      digest: () => {
        this.#reserve(STATE_BYTES).set(state);
        return BigInt.asUintN(64, this.#exports.digest64(0));
      },
    };
  }
}

/** Loads and instantiates the module synchronously. */
export function loadXxhash64(): Xxhash64 {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('xxhash-wasm')), '..', 'workerd', 'xxhash.wasm');
  const instance = new wasm.Instance(new wasm.Module(readFileSync(file)));
  return new Xxhash64(instance.exports as unknown as XxhashExports);
}
