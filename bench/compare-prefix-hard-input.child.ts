import { comparePrefix, getTokenizer, renderRequest } from '../src/prefix/index.js';
import { buildHardPair, HARD_SHAPES, type HardInputReport, type HardShape } from './support/hard-input.js';
import { naiveCompare } from './support/naive-compare.js';
import { peakRssMiB, printRssReport, settledMemory, type SettledMemory } from './support/measure-rss.js';

/*
 * Memory of one cold comparison of hard input, in a process of its own (run by
 * compare-prefix-hard-input): `node --expose-gc --import tsx bench/compare-prefix-hard-input.child.ts
 * <shape>:<bytes>:ours|naive`. Prints one JSON line: memory after each phase and the peak RSS.
 */
const [shape, bytesText, side] = (process.argv[2] ?? '').split(':');
if (!(HARD_SHAPES as readonly string[]).includes(shape ?? '') || !(Number(bytesText) > 0) || (side !== 'ours' && side !== 'naive')) {
  process.stderr.write(`usage: compare-prefix-hard-input.child.ts <${HARD_SHAPES.join('|')}>:<bytes>:ours|naive\n`);
  process.exit(2);
}

const phases: Record<string, SettledMemory> = {};
const tokenizer = getTokenizer('o200k_base');
tokenizer.count('load the tokenizer tables');
phases['tokenizer loaded'] = settledMemory();
const pair = buildHardPair(shape as HardShape, Number(bytesText));
phases['parts built'] = settledMemory();
const cpuBefore = process.cpuUsage();
const started = performance.now();
if (side === 'ours') {
  const route = { provider: 'openai', model: 'gpt-4o' };
  comparePrefix(renderRequest(route, 'chat', pair.parent), renderRequest(route, 'chat', pair.child), { tokenizer });
} else {
  naiveCompare(pair.parent, pair.child, tokenizer);
}
const elapsedMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
phases['compared'] = settledMemory();
// CPU time beside wall time: on a shared two-core machine the wall time is mostly other people's load.
const report: HardInputReport = { phases, peak: peakRssMiB(), elapsedMs, cpuMs: (cpu.user + cpu.system) / 1000 };
printRssReport(report);
