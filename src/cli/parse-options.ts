import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../prefix/index.js';

/**
 * `node:util` `parseArgs` with strict checking, turning its TypeError for an unknown or malformed
 * option into a UsageError (exit 2) that names the option.
 */
export function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(argv: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError('usage/bad-option', error instanceof Error ? error.message : String(error));
  }
}
