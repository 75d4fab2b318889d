import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../prefix/errors.js';

/** What `parseOptions` returns: option values by name, and the positional arguments. */
export interface ParsedOptions {
  readonly values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  readonly positionals: string[];
}

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/**
 * `parseArgs` keeps the last value of an option given twice; a user who wrote `--session a
 * --session b` would get `b` analysed and `a` silently dropped, so a second value is refused.
 */
function refuseRepeatedValues(tokens: NonNullable<ReturnType<typeof parseArgs>['tokens']>, options: OptionsConfig): void {
  const counts = new Map<string, number>();
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const option = options[token.name];
    if (option === undefined || option.type !== 'string' || option.multiple) continue;
    counts.set(token.name, (counts.get(token.name) ?? 0) + 1);
  }
  for (const [name, count] of counts) {
    if (count > 1) throw new UsageError('usage/repeated-option', `--${name} is given ${count} times; it takes one value`);
  }
}

/**
 * `node:util` `parseArgs` with strict checking, turning its TypeError for an unknown or malformed
 * option into a UsageError (exit 2) that names the option. An option that takes one value may be
 * given once.
 */
export function parseOptions(argv: readonly string[], options: OptionsConfig): ParsedOptions {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    throw new UsageError('usage/bad-option', error instanceof Error ? error.message : String(error));
  }
  refuseRepeatedValues(parsed.tokens ?? [], options);
  return { values: parsed.values, positionals: parsed.positionals };
}
