#!/usr/bin/env node
import { runCli } from './main.js';

const code = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
});
process.exitCode = code;
