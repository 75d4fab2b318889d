import { readFileSync } from 'node:fs';
import { terminalText } from '../analysis/text/terminal-text.js';
import { KvprefixError, UsageError } from '../prefix/errors.js';
import { packageFile } from '../prefix/package-file.js';
import { closestName } from './closest-name.js';
import { colourFor, takeColourOption } from './colour.js';
import type { Command, CommandEntry, CommandHelp } from './command.js';
import { COMMANDS } from './commands/index.js';
import { EXIT, type ExitCode } from './exit-code.js';
import { maxInputHint } from './input-options.js';
import type { CliIo } from './io.js';

function helpText(commands: readonly CommandHelp[]): string {
  const width = Math.max(...commands.map((command) => command.name.length), 4);
  const lines = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return [
    'kvprefix — how much of a request a provider prompt cache will reuse, and why the rest is lost',
    '',
    'usage: kvprefix <command> [options]   (every command takes --format and --json; kvprefix help <command> for its options)',
    '',
    ...lines,
    '',
    'global options: --color auto|always|never (auto: a terminal, unless NO_COLOR; FORCE_COLOR forces it), --version, --help',
    'exit codes: 0 ok, 1 findings, 2 usage error, 3 bad input or operational error',
    '',
  ].join('\n');
}

/** The installed package's version, from its package.json. */
function version(): string {
  return (JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string }).version;
}

/** The command's code: imported now when the table holds only its help (see `LazyCommand`). */
async function loaded(command: CommandEntry): Promise<Command> {
  return 'run' in command ? command : command.load();
}

function unknownCommand(name: string, commands: readonly CommandHelp[], io: CliIo): ExitCode {
  const names = commands.map((c) => c.name);
  io.stderr(terminalText(`kvprefix: unknown command '${name}'; did you mean '${closestName(name, names)}'? Commands: ${names.join(', ')}\n`));
  return EXIT.usage;
}

/**
 * Runs one `kvprefix` invocation and returns its exit code. Never throws: usage mistakes exit 2,
 * broken input and failed operations exit 3, each with one message on stderr and no stack trace.
 */
export async function runCli(argv: readonly string[], io: CliIo, commands: readonly CommandEntry[] = COMMANDS): Promise<ExitCode> {
  let colour;
  try {
    colour = takeColourOption(argv);
  } catch (error) {
    io.stderr(terminalText(`kvprefix: ${(error as Error).message}\n`));
    return EXIT.usage;
  }
  const [name, ...rest] = colour.argv;
  if (name === '--version' || name === '-V') {
    io.stdout(`kvprefix ${version()}\n`);
    return EXIT.ok;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    if (name === 'help' && rest[0] !== undefined) {
      const asked = commands.find((candidate) => candidate.name === rest[0]);
      if (!asked) return unknownCommand(rest[0], commands, io);
      io.stdout(`${asked.usage}\n`);
      return EXIT.ok;
    }
    (name === undefined ? io.stderr : io.stdout)(helpText(commands));
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) return unknownCommand(name, commands, io);
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`${command.usage}\n`);
    return EXIT.ok;
  }
  const commandIo: CliIo = { ...io, colour: colourFor(colour.choice, io.colour === true) };
  try {
    return await (await loaded(command)).run(rest, commandIo);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(terminalText(`kvprefix ${name}: ${error.message}\n${command.usage}\n`));
      return EXIT.usage;
    }
    if (error instanceof KvprefixError) {
      io.stderr(terminalText(`kvprefix ${name}: ${error.code === 'input/too-large' ? maxInputHint(error.message) : error.message}\n`));
      return EXIT.input;
    }
    // Anything else is a bug or an environment failure; still no stack trace unless asked for.
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(terminalText(`kvprefix ${name}: internal error: ${message}${process.env['KVPREFIX_DEBUG'] ? `\n${(error as Error).stack ?? ''}` : ' (set KVPREFIX_DEBUG=1 for a stack trace)'}\n`));
    return EXIT.input;
  }
}
