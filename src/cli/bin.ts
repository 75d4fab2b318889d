#!/usr/bin/env node
import { runCli } from './main.js';
import { exitOnOutputError } from './output-errors.js';

exitOnOutputError(process.stdout, (text) => void process.stderr.write(text), (code) => process.exit(code));

const code = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  // https://no-color.org: any non-empty NO_COLOR turns colour off.
  colour: process.stdout.isTTY === true && !process.env['NO_COLOR'],
  progress: process.stderr.isTTY === true,
});
process.exitCode = code;
