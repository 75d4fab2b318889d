import type { Command } from '../command.js';
import { demoCommand } from './demo.js';
import { diffCommand } from './diff.js';
import { explainCommand } from './explain.js';
import { guardCommand } from './guard.js';
import { seedCommand } from './seed.js';
import { simulateCommand } from './simulate.js';

/**
 * Every subcommand, registered in one array (one file per command beside this one). Keep this
 * list in the order `kvprefix --help` should print it.
 */
export const COMMANDS: readonly Command[] = [demoCommand, diffCommand, seedCommand, guardCommand, explainCommand, simulateCommand];
