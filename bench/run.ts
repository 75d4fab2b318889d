import { parseArgs } from 'node:util';
import { SCENARIOS } from './scenarios.js';
import { currentMachine, formatReport, resultDocument, writeResultFiles } from './support/report.js';
import type { BenchResult } from './support/scenario.js';

/*
 * `npm run bench [-- <scenario>…] [--json]`: runs every scenario (or the named ones), prints each
 * result's medians, baseline and ratio, and writes bench/results/latest.json plus one file per
 * scenario. With --json, stdout holds exactly the result document and progress goes to stderr.
 *
 * Exit code: 0 when every goal is met, 1 when a goal is not met, 2 for wrong usage, 3 when a
 * scenario fails (a check before timing disagreed, or the corpus is missing).
 */

const USAGE = `usage: npm run bench -- [scenario ...] [--json]\nscenarios: ${SCENARIOS.map((scenario) => scenario.name).join(', ')}`;

function parseCommandLine(argv: readonly string[]): { json: boolean; names: string[] } | { error: string } | { help: true } {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (parsed.values.help) return { help: true };
  const known = new Set(SCENARIOS.map((scenario) => scenario.name));
  const unknown = parsed.positionals.filter((name) => !known.has(name));
  if (unknown.length > 0) return { error: `unknown scenario '${unknown.join("', '")}'` };
  return { json: parsed.values.json ?? false, names: parsed.positionals };
}

async function main(): Promise<number> {
  const command = parseCommandLine(process.argv.slice(2));
  if ('help' in command) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if ('error' in command) {
    process.stderr.write(`${command.error}\n${USAGE}\n`);
    return 2;
  }
  const selected = command.names.length === 0 ? SCENARIOS : SCENARIOS.filter((scenario) => command.names.includes(scenario.name));
  const log = (message: string) => process.stderr.write(`${message}\n`);
  const started = new Date();
  const results: BenchResult[] = [];
  for (const scenario of selected) {
    log(`${scenario.name}: ${scenario.description}`);
    const scenarioStart = performance.now();
    results.push(...(await scenario.run({ log })));
    log(`${scenario.name}: done in ${((performance.now() - scenarioStart) / 1000).toFixed(1)} s`);
  }
  const document = resultDocument(results, started, currentMachine());
  const files = writeResultFiles(document);
  if (command.json) {
    process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  } else {
    process.stdout.write(`\n${formatReport(document)}\n`);
  }
  log(`total ${((Date.now() - started.getTime()) / 1000).toFixed(1)} s; wrote ${files.map((file) => file.slice(file.indexOf('bench/'))).join(', ')}`);
  return document.allGoalsMet ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`bench failed: ${message}\n`);
    process.exitCode = 3;
  },
);
