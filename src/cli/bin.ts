#!/usr/bin/env node
import { environmentColour } from './colour.js';
import { runCli } from './main.js';
import { exitOnOutputError } from './output-errors.js';

exitOnOutputError(process.stdout, (text) => void process.stderr.write(text), (code) => process.exit(code));

// A reader that closed early (`kvprefix analyze … | head`) wanted no more output: end quietly and
// successfully, as other Unix tools do, instead of dying on the write with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

const code = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  colour: environmentColour(process.env, process.stdout.isTTY === true),
  progress: process.stderr.isTTY === true,
});
process.exitCode = code;
