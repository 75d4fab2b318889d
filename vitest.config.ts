import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/corpus-setup.ts'],
    // Property tests and real-corpus tokenization are CPU-bound; two workers match the 2-core machines.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
  },
});
