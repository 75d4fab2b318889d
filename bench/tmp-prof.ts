import { readFileSync } from 'node:fs';
import { accountFanOut, spawnFanOut, forkFanOut } from '../src/analysis/index.js';
import { BodyLocation, readChatBody, type JsonObject } from '../src/analysis/wire/index.js';
import { getTokenizer, PrefixTokenCounter } from '../src/prefix/index.js';
import { deepseekRulePolicy } from '../test/support/deepseek-rule-policy.js';
import { realHistoryMessages, realTasks } from './support/large-request.js';
const parent = readChatBody(JSON.parse(readFileSync('examples/fork-parent.request.json', 'utf8')) as JsonObject, new BodyLocation('x'));
const tasks = realTasks();
const plan = { route: { provider: 'deepseek', model: 'deepseek-v4-flash' }, layout: 'chat' as const, head: { system: parent.system, tools: parent.tools }, history: realHistoryMessages(getTokenizer('o200k_base'), 50000), tasks: Array.from({ length: 64 }, (_, i) => `Subtask ${i + 1} of 64. ${tasks[i % 3]}`) };
const policy = deepseekRulePolicy();
for (const f of [spawnFanOut(plan), forkFanOut(plan)]) {
  const counter = new PrefixTokenCounter();
  accountFanOut(f, { policy, counter });
  const s = performance.now();
  for (let i = 0; i < 5; i++) accountFanOut(f, { policy, counter });
  console.log(f.children[0]!.segments.length, ((performance.now() - s) / 5).toFixed(1), 'ms');
}
