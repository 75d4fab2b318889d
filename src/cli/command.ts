import type { ExitCode } from './exit-code.js';
import type { CliIo } from './io.js';

/** One `kvprefix` subcommand: parse its own arguments, call the library, render, return an exit code. */
export interface Command {
  readonly name: string;
  /** One line for `kvprefix --help`. */
  readonly summary: string;
  /** Usage line(s) printed with usage errors and `kvprefix <name> --help`. */
  readonly usage: string;
  run(argv: readonly string[], io: CliIo): Promise<ExitCode>;
}
