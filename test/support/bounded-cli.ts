import { writeFileSync } from 'node:fs';
import { bufferedIo, runCli } from '../../src/cli/index.js';
import { COMMANDS } from '../../src/cli/commands/index.js';

// Runs one CLI invocation in this (child) process and writes what happened to the file named by
// KVPREFIX_BOUNDED_RESULT: exit code, output, the run's wall time and the process's peak RSS.
process.chdir(process.env['KVPREFIX_BOUNDED_CWD']!);
// The commands' code is loaded before the clock starts: the budget is for reading the input, not
// for compiling the program on a busy machine.
for (const command of COMMANDS) if ('load' in command) await command.load();
const started = process.cpuUsage();
const io = bufferedIo(process.cwd());
const code = await runCli(process.argv.slice(2), io);
// CPU time, not wall time: the machine running the tests may be shared, and a busy neighbour must
// not fail a budget the code itself meets.
const used = process.cpuUsage(started);
const ms = (used.user + used.system) / 1000;
writeFileSync(process.env['KVPREFIX_BOUNDED_RESULT']!, JSON.stringify({ code, out: io.out.join(''), err: io.err.join(''), ms, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
