import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rankTableFileBytes, rankTableUrl } from './prefix/rank-table-file.js';
import { TOKENIZER_NAMES } from './prefix/tokenizer.js';

/**
 * Writes every generated table (the tokenizers' rank tables, `tables/*.bin`) from the installed
 * vocabularies and returns the files written. Run by `npm run build` (scripts/build-tables.mjs) and
 * by the test setup; the files are never edited by hand, and a test checks that they match a fresh
 * build.
 */
export function writeGeneratedTables(): string[] {
  return TOKENIZER_NAMES.map((name) => {
    const file = fileURLToPath(rankTableUrl(name));
    mkdirSync(fileURLToPath(new URL('.', rankTableUrl(name))), { recursive: true });
    // Written beside and renamed, so that a process reading the table meanwhile sees the old file or the new one, never half of one.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, rankTableFileBytes(name));
    renameSync(partial, file);
    return file;
  });
}
