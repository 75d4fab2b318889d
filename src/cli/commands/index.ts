import { policyByName, readPriceFile, withPrices } from '../../analysis/index.js';
import type { Command } from '../command.js';
import { createAnalyzeCommand } from './analyze.js';
import { demoCommand } from './demo.js';
import { diffCommand } from './diff.js';
import { explainCommand } from './explain.js';
import { guardCommand } from './guard.js';
import { seedCommand } from './seed.js';
import { simulateCommand } from './simulate.js';

/** `analyze` over the shipped cache policies, re-priced by `--prices FILE`. */
const analyzeCommand = createAnalyzeCommand({
  policyByName,
  withPriceFile: async (file, lookup) => {
    const overrides = await readPriceFile(file);
    return (name) => withPrices(lookup(name), overrides);
  },
});

/**
 * Every subcommand, registered in one array (one file per command beside this one). Keep this
 * list in the order `kvprefix --help` should print it.
 */
export const COMMANDS: readonly Command[] = [demoCommand, diffCommand, seedCommand, analyzeCommand, guardCommand, explainCommand, simulateCommand];
