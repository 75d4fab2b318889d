import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/corpus-setup.ts', 'test/support/tables-setup.ts'],
    // The default report, then the title of every block skipped for a missing corpus (the default
    // reporter folds a skipped file to one line).
    reporters: ['default', './test/support/corpus-skip-reporter.ts'],
    // Property tests and real-corpus tokenization are CPU-bound; two workers match the 2-core machines.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    // The CLI imports a command on its first run, so a hook that runs one (demo-report) also loads
    // and transforms the modules behind it; under load that took longer than the default 10 s.
    hookTimeout: 60_000,
  },
});
