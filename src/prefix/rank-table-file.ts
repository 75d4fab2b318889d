import { createRequire } from 'node:module';
import { ByteRankTable, type RankEntries } from './byte-rank-table.js';
import { packageFile } from './package-file.js';
import { encodeTableFile, readTableFile } from './table-file.js';

/*
 * o200k's and cl100k's rank tables, generated from gpt-tokenizer's rank lists into `tables/` at the
 * package root by `npm run build` (scripts/build-tables.mjs) and by the test setup. Building the
 * table from the rank list (a 200k-entry array module, then every token's bytes) took 0.23 s of a
 * cold `kvprefix diff`; reading the generated file takes a few ms. Without the file, or with one
 * built from another gpt-tokenizer version, the table is built the slow way: same table, same counts.
 */

const load = createRequire(import.meta.url);

/** Where the generated table of encoding `name` lives: `tables/` at the package root. */
export function rankTableUrl(name: string): URL {
  return packageFile(`tables/${name}.ranks.bin`);
}

/** What a table file must have been built from to be used: the encoding and the installed gpt-tokenizer. */
function builtFrom(name: string): Record<string, string> {
  return { encoding: name, from: `gpt-tokenizer@${(load('gpt-tokenizer/package.json') as { version: string }).version}` };
}

/** The table built from gpt-tokenizer's rank list (the slow way, and what the generated file holds). */
export function buildRankTable(name: string): ByteRankTable {
  return ByteRankTable.fromEntries((load(`gpt-tokenizer/bpeRanks/${name}`) as { default: RankEntries }).default);
}

/** The generated table of encoding `name`, or null when there is none for the installed gpt-tokenizer. */
export function loadRankTable(name: string): ByteRankTable | null {
  const arrays = readTableFile(rankTableUrl(name), builtFrom(name));
  const { pool, starts, slots, longest } = arrays ?? {};
  if (!(pool instanceof Uint8Array && starts instanceof Int32Array && slots instanceof Int32Array && longest instanceof Int32Array)) return null;
  return ByteRankTable.fromParts({ pool, starts, slots, longest });
}

/** The bytes of encoding `name`'s table file, built from gpt-tokenizer's rank list. */
export function rankTableFileBytes(name: string): Uint8Array {
  const { pool, starts, slots, longest } = buildRankTable(name).parts();
  return encodeTableFile(builtFrom(name), { pool, starts, slots, longest: longest! });
}
