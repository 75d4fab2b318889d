import { PrefixTokenCounter, comparePrefix, getTokenizer, renderRequest } from '../src/prefix/index.js';
import { buildLargeRequestPair } from './support/large-request.js';
import { naiveCompare } from './support/naive-compare.js';
import { peakRssMiB, printRssReport, settledMemory, type SettledMemory } from './support/measure-rss.js';

/*
 * Memory of the warm-compare scenario, run in a child process of its own by compare-prefix-warm:
 * `node --expose-gc --import tsx bench/compare-prefix-memory.child.ts ours|naive`. Prints one JSON
 * line: RSS and live heap after each phase (after a forced GC) and the peak RSS.
 */

const side = process.argv[2];
if (side !== 'ours' && side !== 'naive') {
  process.stderr.write('usage: compare-prefix-memory.child.ts ours|naive\n');
  process.exit(2);
}

const phases: Record<string, SettledMemory> = {};
const tokenizer = getTokenizer('o200k_base');
tokenizer.count('load the tokenizer tables');
phases['tokenizer loaded'] = settledMemory();
const pair = buildLargeRequestPair(tokenizer);
phases['parts built'] = settledMemory();

if (side === 'ours') {
  const route = { provider: 'openai', model: 'gpt-4o' };
  const parent = renderRequest(route, 'chat', pair.parent);
  const child = renderRequest(route, 'chat', pair.child);
  phases['requests rendered'] = settledMemory();
  const counter = new PrefixTokenCounter(tokenizer);
  comparePrefix(parent, child, { counter });
  phases['counter warm'] = settledMemory();
  for (let index = 0; index < 200; index++) comparePrefix(parent, child, { counter });
  phases['after 200 warm compares'] = settledMemory();
} else {
  for (let index = 0; index < 5; index++) naiveCompare(pair.parent, pair.child, tokenizer);
  phases['after 5 naive compares'] = settledMemory();
}

printRssReport({ phases, peak: peakRssMiB() });
