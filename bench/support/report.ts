import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchResult } from './scenario.js';

/** The machine a run was measured on: ratios are comparable across machines, times are not. */
export interface MachineInfo {
  readonly node: string;
  readonly platform: string;
  readonly arch: string;
  readonly cpus: number;
  readonly cpuModel: string;
}

/** The JSON a run writes to `bench/results/` and prints with `--json`. */
export interface ResultDocument {
  readonly kind: 'kvprefix-bench-results';
  readonly version: 1;
  /** ISO time the run started. */
  readonly date: string;
  readonly machine: MachineInfo;
  /** True when every result that has a goal met it. */
  readonly allGoalsMet: boolean;
  readonly results: readonly BenchResult[];
}

/** Facts about this machine. */
export function currentMachine(): MachineInfo {
  const cpus = os.cpus();
  return { node: process.version, platform: process.platform, arch: process.arch, cpus: cpus.length, cpuModel: cpus[0]?.model.trim() ?? 'unknown' };
}

/** Wraps results in the document written to disk and printed by `--json`. */
export function resultDocument(results: readonly BenchResult[], date: Date, machine: MachineInfo): ResultDocument {
  return { kind: 'kvprefix-bench-results', version: 1, date: date.toISOString(), machine, allGoalsMet: results.every((result) => result.met !== false), results };
}

/** Folder the result files go to. */
export const RESULTS_FOLDER = path.resolve(import.meta.dirname, '../results');

/**
 * Writes `latest.json` (the whole run) and one `<scenario>.json` per scenario that ran, so that a
 * run of one scenario leaves the other scenarios' last results in place.
 */
export function writeResultFiles(document: ResultDocument, folder: string = RESULTS_FOLDER): string[] {
  mkdirSync(folder, { recursive: true });
  const written: string[] = [];
  const write = (name: string, content: ResultDocument) => {
    const file = path.join(folder, name);
    writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
    written.push(file);
  };
  write('latest.json', document);
  for (const scenario of new Set(document.results.map((result) => result.scenario))) {
    const results = document.results.filter((result) => result.scenario === scenario);
    write(`${scenario}.json`, { ...document, allGoalsMet: results.every((result) => result.met !== false), results });
  }
  return written;
}

function formatMs(ms: number): string {
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  return `${(ms * 1000).toFixed(1)} µs`;
}

function formatRatio(ratio: number): string {
  return ratio >= 10 ? `${ratio.toFixed(0)}×` : `${ratio.toFixed(2)}×`;
}

function formatDetail(value: number | string | boolean): string {
  return typeof value === 'number' && !Number.isInteger(value) ? value.toFixed(2) : String(value);
}

/** Human-readable lines for one result: times, baseline, ratio against the goal, then the details. */
export function formatResult(result: BenchResult): string {
  const goals = [...(result.goal === null ? [] : [`≥ ${result.goal}×`]), ...(result.maxMs === null ? [] : [`≤ ${formatMs(result.maxMs)}`])];
  const verdict = goals.length === 0 ? 'no goal (informational)' : `goal ${goals.join(' and ')}: ${result.met ? 'met' : 'NOT MET'}`;
  const details = Object.entries(result.details)
    .map(([key, value]) => `${key}=${formatDetail(value)}`)
    .join(' ');
  return [
    result.name,
    `  ours      ${formatMs(result.medianMs).padStart(10)} median of ${result.samples}  ${result.subject}`,
    `  baseline  ${formatMs(result.baseline).padStart(10)} median of ${result.baselineSamples}  ${result.baselineName}`,
    `  ratio     ${formatRatio(result.ratio).padStart(10)}  ${verdict}`,
    ...(details === '' ? [] : [`  ${details}`]),
  ].join('\n');
}

/** The whole human report of a run. */
export function formatReport(document: ResultDocument): string {
  const { machine } = document;
  const header = `kvprefix benchmarks, ${document.date}, Node ${machine.node} on ${machine.cpus}× ${machine.cpuModel} (${machine.platform}/${machine.arch})`;
  const failed = document.results.filter((result) => result.met === false).map((result) => result.name);
  const footer = failed.length === 0 ? 'every goal met' : `goal not met: ${failed.join(', ')}`;
  return [header, '', ...document.results.map(formatResult), '', footer].join('\n');
}
