import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../prefix/errors.js';
import { closestName } from './closest-name.js';

/** What `parseOptions` returns: option values by name, and the positional arguments. */
export interface ParsedOptions {
  readonly values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  readonly positionals: string[];
}

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];

/** A value that starts with a dash but is a number: `--capacity -5` gives the option `-5`, for its own check to refuse by value. */
const NEGATIVE_NUMBER = /^-(\d|\.\d)/;

/** `--name` or `-n`, as the user would type it. */
function spelled(name: string, options: OptionsConfig): string {
  return name.length === 1 && !(name in options) ? `-${name}` : `--${name}`;
}

/** Every spelling the command knows: `--name` for each option, `-x` for each short form. */
function knownSpellings(options: OptionsConfig): string[] {
  return Object.entries(options).flatMap(([name, option]) => [`--${name}`, ...(option.short ? [`-${option.short}`] : [])]);
}

/**
 * The command line's problems, in its own words: an option the command does not know (with the
 * closest one it does), an option that takes a value given none, a flag given one, and an option that
 * takes one value given twice (`parseArgs` would keep the last and silently drop the first).
 */
function checkTokens(tokens: readonly Token[], options: OptionsConfig): void {
  const counts = new Map<string, number>();
  const short = new Map(Object.entries(options).flatMap(([name, option]) => (option.short ? [[option.short, name] as const] : [])));
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const name = short.get(token.name) ?? token.name;
    const option = options[name];
    if (option === undefined) {
      const closest = closestName(token.rawName, knownSpellings(options));
      throw new UsageError('usage/unknown-option', `unknown option '${token.rawName}'${closest === undefined ? '' : `; did you mean '${closest}'?`}`);
    }
    if (option.type === 'string' && token.value === undefined) throw new UsageError('usage/missing-value', `${spelled(name, options)} needs a value`);
    if (option.type === 'boolean' && token.value !== undefined) throw new UsageError('usage/unexpected-value', `${spelled(name, options)} takes no value, got '${token.value}'`);
    if (option.type === 'string' && !option.multiple) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  for (const [name, count] of counts) {
    if (count > 1) throw new UsageError('usage/repeated-option', `--${name} is given ${count} times; it takes one value`);
  }
}

/** Joins `--name -5` into `--name=-5` for options that take a value, so a negative number reaches the option's own check. */
function joinNegativeValues(argv: readonly string[], options: OptionsConfig): string[] {
  const joined: string[] = [];
  const short = new Map<string, string>(Object.entries(options).flatMap(([name, option]) => (option.short ? [[`-${option.short}`, name] as const] : [])));
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--') {
      joined.push(...argv.slice(index));
      break;
    }
    const name = argument.startsWith('--') ? argument.slice(2) : short.get(argument);
    const next = argv[index + 1];
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      joined.push(`--${name}=${next}`);
      index++;
    } else {
      joined.push(argument);
    }
  }
  return joined;
}

/**
 * Parses a command's options with `node:util` `parseArgs`, every problem a UsageError (exit 2) in
 * kvprefix's words (Node's own messages quote the option oddly and call `--capacity -5`
 * "ambiguous"). An option that takes one value may be given once.
 */
export function parseOptions(argv: readonly string[], options: OptionsConfig): ParsedOptions {
  const args = joinNegativeValues(argv, options);
  const loose = parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true });
  checkTokens(loose.tokens ?? [], options);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    // Everything strict parsing refuses was named above; this is a guard against a Node change.
    throw new UsageError('usage/bad-option', error instanceof Error ? error.message : String(error));
  }
  return { values: parsed.values, positionals: parsed.positionals };
}
