import { readFileSync } from 'node:fs';

/*
 * Generated lookup tables (a tokenizer's vocabulary) as one binary file of typed arrays, read with
 * one `readFileSync` and viewed in place: loading o200k's table this way takes milliseconds, where
 * building it from the library's rank list took about 0.2 s of every command that counts tokens.
 *
 * Layout: the 8-byte magic `KVPTBL01`, a little-endian u32 header length, the header as UTF-8 JSON
 * padded with spaces to a multiple of 8 bytes, then each array's bytes at the offset the header
 * gives (a multiple of 8 from the file's start). The header also holds what the table was built
 * from, so that a stale file (another vocabulary version) is never used.
 */

const MAGIC = 'KVPTBL01';

/** The typed arrays a table file holds. */
export type TableArray = Uint8Array | Int32Array | Uint32Array | Uint16Array;

const KINDS = { Uint8Array, Int32Array, Uint32Array, Uint16Array } as const;
type KindName = keyof typeof KINDS;

interface ArrayEntry {
  readonly name: string;
  readonly kind: KindName;
  readonly offset: number;
  readonly length: number;
}

interface Header {
  readonly built: Readonly<Record<string, string | number>>;
  readonly arrays: readonly ArrayEntry[];
}

function kindOf(array: TableArray): KindName {
  for (const [name, kind] of Object.entries(KINDS)) if (array instanceof kind) return name as KindName;
  throw new TypeError('unsupported array type');
}

const align = (value: number) => Math.ceil(value / 8) * 8;

/** The bytes of a table file holding `arrays`, tagged with what they were `built` from. */
export function encodeTableFile(built: Readonly<Record<string, string | number>>, arrays: Readonly<Record<string, TableArray>>): Uint8Array {
  // Offsets depend on the header's length and the header on the offsets: lay out with a header
  // length that is then checked, growing it until it fits.
  for (let room = 256; ; room *= 2) {
    const entries: ArrayEntry[] = [];
    let offset = 12 + room;
    for (const [name, array] of Object.entries(arrays)) {
      entries.push({ name, kind: kindOf(array), offset, length: array.length });
      offset = align(offset + array.byteLength);
    }
    const json = new TextEncoder().encode(JSON.stringify({ built, arrays: entries } satisfies Header));
    if (json.length > room) continue;
    const bytes = new Uint8Array(offset);
    bytes.set(new TextEncoder().encode(MAGIC), 0);
    new DataView(bytes.buffer).setUint32(8, room, true);
    bytes.fill(0x20, 12, 12 + room);
    bytes.set(json, 12);
    for (const [index, array] of Object.values(arrays).entries()) bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), entries[index]!.offset);
    return bytes;
  }
}

/**
 * The arrays of a table file, viewed in place, when the file exists and was built from `built`
 * (every key equal); null otherwise, so that the caller builds the table the slow way instead.
 */
export function readTableFile(file: URL | string, built: Readonly<Record<string, string | number>>): Record<string, TableArray> | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  if (bytes.length < 12 || bytes.toString('latin1', 0, 8) !== MAGIC) return null;
  const room = bytes.readUInt32LE(8);
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('utf8', 12, 12 + room)) as Header;
  } catch {
    return null;
  }
  if (Object.keys(built).some((key) => header.built[key] !== built[key])) return null;
  // A Buffer from readFileSync may sit at any offset of a shared pool: views need their own aligned buffer.
  const aligned = bytes.byteOffset % 8 === 0 ? bytes : new Uint8Array(bytes);
  const buffer = aligned.buffer as ArrayBuffer;
  const base = aligned.byteOffset;
  const arrays: Record<string, TableArray> = {};
  for (const entry of header.arrays) {
    const Kind = KINDS[entry.kind];
    if (Kind === undefined || entry.offset + entry.length * Kind.BYTES_PER_ELEMENT > bytes.length) return null;
    arrays[entry.name] = new Kind(buffer, base + entry.offset, entry.length);
  }
  return arrays;
}
