import type { Reporter, TestCase, TestModule, TestSuite } from 'vitest/node';
import { SKIPPED_MARKER } from './corpus-skip-title.js';

/**
 * After the run, one stderr line per block skipped because the corpus is missing, with its file and
 * title (the title names the missing folder). Only the outermost such block is listed: the tests
 * inside a skipped `describeWithCorpus` block are not repeated. Prints nothing when the corpus is there.
 */
export default class CorpusSkipReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines: string[] = [];
    for (const module of testModules) {
      const visit = (entry: TestSuite | TestCase): void => {
        if (entry.name.includes(SKIPPED_MARKER)) {
          lines.push(`  ↓ ${module.relativeModuleId} > ${entry.fullName}`);
          return;
        }
        if (entry.type === 'suite') for (const child of entry.children) visit(child);
      };
      for (const child of module.children) visit(child);
    }
    if (lines.length === 0) return;
    process.stderr.write(`\n${lines.length} blocks need the corpus and were skipped:\n${lines.join('\n')}\n`);
  }
}
