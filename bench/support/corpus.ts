import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Root of the shared real-data corpus: `../shared/corpus` next to the repository root. */
export const CORPUS_ROOT = path.resolve(import.meta.dirname, '../../../shared/corpus');

/** Absolute path of a corpus file or folder; fails with a clear message when the corpus is absent. */
export function corpusPath(...parts: string[]): string {
  if (!existsSync(CORPUS_ROOT)) {
    throw new Error(`benchmarks need the real-data corpus at ${CORPUS_ROOT} (../shared/corpus from the repository root); it is missing`);
  }
  return path.join(CORPUS_ROOT, ...parts);
}

/** Text of a corpus file. */
export function readCorpusText(...parts: string[]): string {
  return readFileSync(corpusPath(...parts), 'utf8');
}

/** Corpus-relative paths of the files directly inside `folder` whose names match, sorted by name. */
export function listCorpusFiles(folder: string, matches: (name: string) => boolean): string[] {
  return readdirSync(corpusPath(folder))
    .filter(matches)
    .sort()
    .map((name) => path.join(folder, name));
}
