/**
 * Titles of the blocks that skip without the corpus. Shared by `corpus.ts`, which writes them, and
 * `corpus-skip-reporter.ts`, which lists the skipped ones at the end of a run: vitest's default
 * reporter folds a skipped file to one line and never prints the titles inside it.
 */

/** What every such title carries when its folder is missing. */
export const SKIPPED_MARKER = ' [skipped: ../shared/corpus/';

/** A block title that says which corpus folders are missing (the plain title when none is). */
export function titleWithMissing(name: string, missing: readonly string[]): string {
  if (missing.length === 0) return name;
  return `${name}${SKIPPED_MARKER}${missing.map((folder, index) => (index === 0 ? folder : `../shared/corpus/${folder}`)).join(', ')} missing]`;
}
