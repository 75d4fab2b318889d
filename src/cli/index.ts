// The `kvprefix` command line: parse, call the library, print, exit code.
export { runCli } from './main.js';
export { EXIT } from './exit-code.js';
export type { ExitCode } from './exit-code.js';
export { bufferedIo } from './io.js';
export type { CliIo } from './io.js';
export type { Command } from './command.js';
