import type { LazyCommand } from '../command.js';
import { ANALYZE_HELP, DEMO_HELP, DIFF_HELP, EXPLAIN_HELP, GUARD_HELP, SEED_HELP, SIMULATE_HELP } from './help.js';

/**
 * Every subcommand, registered in one array (one file per command beside this one), each imported
 * only when it runs: a process runs one command, and importing them all loaded the whole library
 * (~0.5 s on a busy two-core machine) before `kvprefix seed` could read a 6 KB log. Keep this list
 * in the order `kvprefix --help` should print it.
 */
export const COMMANDS: readonly LazyCommand[] = [
  { ...DEMO_HELP, load: async () => (await import('./demo.js')).demoCommand },
  { ...DIFF_HELP, load: async () => (await import('./diff.js')).diffCommand },
  { ...SEED_HELP, load: async () => (await import('./seed.js')).seedCommand },
  { ...ANALYZE_HELP, load: async () => (await import('./shipped-analyze.js')).analyzeCommand },
  { ...GUARD_HELP, load: async () => (await import('./guard.js')).guardCommand },
  { ...EXPLAIN_HELP, load: async () => (await import('./explain.js')).explainCommand },
  { ...SIMULATE_HELP, load: async () => (await import('./simulate.js')).simulateCommand },
];
