import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Root of the shared real-data corpus, relative to the repository root (`../shared/corpus`). */
export const CORPUS_ROOT = path.resolve(import.meta.dirname, '../../../shared/corpus');

/** Absolute path of a corpus file or folder. */
export function corpusPath(...parts: string[]): string {
  return path.join(CORPUS_ROOT, ...parts);
}

/** Whether the corpus is present (tests that need it fail loudly without it: CI always has it). */
export function hasCorpus(): boolean {
  return existsSync(CORPUS_ROOT);
}

/** Text of a corpus file. */
export function readCorpusText(...parts: string[]): string {
  return readFileSync(corpusPath(...parts), 'utf8');
}

/** Files directly inside a corpus folder whose names end with `suffix`, sorted. */
export function listCorpusFiles(folder: string, suffix: string): string[] {
  return readdirSync(corpusPath(folder))
    .filter((name) => name.endsWith(suffix))
    .sort()
    .map((name) => path.join(folder, name));
}

/** Every JSONL file under corpus/dsh whose first line is a DSH session header, sorted. */
export function dshSessionLogs(): string[] {
  const root = corpusPath('dsh');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => path.join(root, name))
    .filter((file) => /^\{"type":\s*"session"/.test(readFileSync(file, 'utf8')))
    .sort();
}
