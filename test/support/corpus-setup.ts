import { CORPUS_ROOT, hasCorpus, REQUIRE_CORPUS_VARIABLE } from './corpus.js';

/**
 * Runs once before the suite. Without `../shared/corpus` the tests that need it skip, and this says
 * so in one line; under `KVPREFIX_REQUIRE_CORPUS=1` (CI) a missing corpus fails the run instead.
 */
export default function corpusSetup(): void {
  if (hasCorpus()) return;
  if (process.env[REQUIRE_CORPUS_VARIABLE] === '1') {
    throw new Error(`${REQUIRE_CORPUS_VARIABLE}=1 but the corpus is missing: expected ${CORPUS_ROOT}`);
  }
  process.stderr.write(`kvprefix tests: ${CORPUS_ROOT} is missing: tests that read the real-data corpus are skipped\n`);
}
