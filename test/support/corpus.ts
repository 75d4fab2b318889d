import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import { titleWithMissing } from './corpus-skip-title.js';

/** Root of the shared real-data corpus, relative to the repository root (`../shared/corpus`). */
export const CORPUS_ROOT = path.resolve(import.meta.dirname, '../../../shared/corpus');

/**
 * Set by `.ci/run`: CI always has the corpus, so there a missing corpus fails the run instead of
 * skipping the tests that need it (see `test/support/corpus-setup.ts`).
 */
export const REQUIRE_CORPUS_VARIABLE = 'KVPREFIX_REQUIRE_CORPUS';

/** Absolute path of a corpus file or folder. */
export function corpusPath(...parts: string[]): string {
  return path.join(CORPUS_ROOT, ...parts);
}

/** Whether the corpus (or one folder of it) is present. */
export function hasCorpus(...parts: string[]): boolean {
  return existsSync(corpusPath(...parts));
}

/** The corpus folders of `folders` that are missing (none when the corpus is complete). */
function missingFolders(folders: string | readonly string[]): string[] {
  return (typeof folders === 'string' ? [folders] : folders).filter((folder) => !hasCorpus(folder));
}

/**
 * A `describe` block that needs one or more corpus folders: on a bare clone (no `../shared/corpus`
 * beside the checkout) it is skipped, and its title says which folder is missing, so the skip is
 * visible in the report. Read corpus files inside the block's tests or hooks (or through `readOnce`),
 * never at collection time: vitest still collects a skipped block.
 */
export function describeWithCorpus(folders: string | readonly string[], name: string, body: () => void): void {
  const missing = missingFolders(folders);
  describe.skipIf(missing.length > 0)(titleWithMissing(name, missing), body);
}

/** One test that needs corpus folders, inside a block whose other tests do not: skipped the same visible way. */
export function itWithCorpus(folders: string | readonly string[], name: string, body: () => unknown): void {
  const missing = missingFolders(folders);
  it.skipIf(missing.length > 0)(titleWithMissing(name, missing), body);
}

/**
 * A value read from the corpus on first use, then kept: lets a test file name its corpus data at
 * the top without reading it while vitest collects (which would fail with ENOENT on a bare clone).
 */
export function readOnce<T>(read: () => T): () => T {
  let value: { readonly current: T } | undefined;
  return () => (value ??= { current: read() }).current;
}

/**
 * Text of a corpus file, read when the enclosing block runs (its `beforeAll`), not while vitest
 * collects it: a bare clone skips the block visibly instead of failing with ENOENT.
 */
export function corpusTextOfBlock(...parts: string[]): () => string {
  let text: string | undefined;
  beforeAll(() => {
    text = readCorpusText(...parts);
  });
  return () => text!;
}

/** Text of a corpus file. */
export function readCorpusText(...parts: string[]): string {
  return readFileSync(corpusPath(...parts), 'utf8');
}

/** Files directly inside a corpus folder whose names end with `suffix`, sorted (none when the folder is missing). */
export function listCorpusFiles(folder: string, suffix: string): string[] {
  if (!hasCorpus(folder)) return [];
  return readdirSync(corpusPath(folder))
    .filter((name) => name.endsWith(suffix))
    .sort()
    .map((name) => path.join(folder, name));
}

/** Every JSONL file under corpus/dsh whose first line is a DSH session header, sorted (none without the corpus). */
export function dshSessionLogs(): string[] {
  if (!hasCorpus('dsh')) return [];
  const root = corpusPath('dsh');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => path.join(root, name))
    .filter((file) => /^\{"type":\s*"session"/.test(readFileSync(file, 'utf8')))
    .sort();
}
