import type { ExitCode } from './exit-code.js';
import type { CliIo } from './io.js';

/** What a subcommand says about itself: enough for `kvprefix --help` and usage errors, without loading it. */
export interface CommandHelp {
  readonly name: string;
  /** One line for `kvprefix --help`. */
  readonly summary: string;
  /** Usage line(s) printed with usage errors and `kvprefix <name> --help`. */
  readonly usage: string;
}

/** One `kvprefix` subcommand: parse its own arguments, call the library, render, return an exit code. */
export interface Command extends CommandHelp {
  run(argv: readonly string[], io: CliIo): Promise<ExitCode>;
}

/**
 * A subcommand whose code is imported only when it is the one that runs: each command pulls in the
 * parts of the library it needs (YAML, the runtime, the HTML report, the policies), and a process
 * that runs one command should not pay to load the others.
 */
export interface LazyCommand extends CommandHelp {
  load(): Promise<Command>;
}

/** An entry of the command table: loaded already (tests pass these) or loaded on first use. */
export type CommandEntry = Command | LazyCommand;
