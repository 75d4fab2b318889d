// From its own folder, not the analysis barrel: the process holds what a replay needs, as the CLI's simulate does.
import { simulateTraceFile } from '../src/analysis/simulate/read-trace-file.js';
import { peakRssMiB, printRssReport, settledMemory } from './support/measure-rss.js';

/*
 * One streamed replay of a trace file in a process of its own (run by simulate-trace):
 * `node --expose-gc --import tsx bench/simulate-trace-stream.child.ts <trace.jsonl>`. Prints one
 * JSON line: the totals, the replay's own wall and CPU time (start-up excluded), memory after it,
 * and the process's peak RSS.
 */
const file = process.argv[2];
if (file === undefined) {
  process.stderr.write('usage: simulate-trace-stream.child.ts <trace.jsonl>\n');
  process.exit(2);
}
const cpuBefore = process.cpuUsage();
const started = performance.now();
const result = await simulateTraceFile(file);
const elapsedMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
printRssReport({
  phases: { replayed: settledMemory() },
  peak: peakRssMiB(),
  elapsedMs,
  cpuMs: (cpu.user + cpu.system) / 1000,
  requests: result.requests,
  hitBlocks: result.hitBlocks,
} as Parameters<typeof printRssReport>[0]);
