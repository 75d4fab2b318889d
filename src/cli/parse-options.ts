import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../prefix/index.js';

/** What `parseOptions` returns: option values by name, and the positional arguments. */
export interface ParsedOptions {
  readonly values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  readonly positionals: string[];
}

/**
 * `node:util` `parseArgs` with strict checking, turning its TypeError for an unknown or malformed
 * option into a UsageError (exit 2) that names the option.
 */
export function parseOptions(argv: readonly string[], options: NonNullable<ParseArgsConfig['options']>): ParsedOptions {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError('usage/bad-option', error instanceof Error ? error.message : String(error));
  }
}
