import { UsageError } from '../prefix/errors.js';

/** What `--color` takes: `auto` follows the terminal and the environment. */
export const COLOUR_CHOICES = ['auto', 'always', 'never'] as const;
export type ColourChoice = (typeof COLOUR_CHOICES)[number];

/**
 * Whether output may be coloured when nothing on the command line says: `FORCE_COLOR` turns it on
 * (`0` or `false` off), as Node and most tools read it, and wins over `NO_COLOR`; any non-empty
 * `NO_COLOR` turns it off (https://no-color.org); otherwise only a terminal gets colour.
 */
export function environmentColour(env: Readonly<Record<string, string | undefined>>, isTerminal: boolean): boolean {
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  if (env['NO_COLOR']) return false;
  return isTerminal;
}

/**
 * Takes `--color <choice>` (or `--color=<choice>`) out of a command line, wherever it stands before
 * `--`: every command renders through the same io, so colour is one switch for all of them.
 */
export function takeColourOption(argv: readonly string[]): { argv: string[]; choice: ColourChoice } {
  const rest: string[] = [];
  let choice: ColourChoice = 'auto';
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--') {
      rest.push(...argv.slice(index));
      break;
    }
    if (argument !== '--color' && !argument.startsWith('--color=')) {
      rest.push(argument);
      continue;
    }
    const value = argument === '--color' ? argv[++index] : argument.slice('--color='.length);
    if (!(COLOUR_CHOICES as readonly (string | undefined)[]).includes(value)) {
      throw new UsageError('usage/bad-colour', `--color takes ${COLOUR_CHOICES.join(', ')}, got ${value === undefined ? 'nothing' : `'${value}'`}`);
    }
    choice = value as ColourChoice;
  }
  return { argv: rest, choice };
}

/** The colour a command renders with: the choice, with `auto` meaning what the environment allows. */
export function colourFor(choice: ColourChoice, auto: boolean): boolean {
  return choice === 'auto' ? auto : choice === 'always';
}
