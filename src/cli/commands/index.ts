import type { Command } from '../command.js';

/**
 * Every subcommand, registered in one array (one file per command beside this one). Keep this
 * list in the order `kvprefix --help` should print it.
 */
export const COMMANDS: readonly Command[] = [];
