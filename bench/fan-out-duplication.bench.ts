import { readFileSync } from 'node:fs';
import path from 'node:path';
import { accountFanOut, deepseekPolicy, type FanOut, type FanOutPlan } from '../src/analysis/index.js';
import { forkFanOut, spawnFanOut } from '../src/analysis/duplication/fan-out-requests.js';
import { SharedTokensMemo } from '../src/analysis/duplication/shared-tokens-memo.js';
import { BodyLocation, type JsonObject } from '../src/analysis/wire/body-fields.js';
import { readChatBody } from '../src/analysis/openai/chat-body.js';
import { getTokenizer, PrefixTokenCounter } from '../src/prefix/index.js';

import { freshCounterFanOut } from './support/fresh-counter-fan-out.js';
import { realHistoryMessages, realTasks } from './support/large-request.js';
import { measurePair, type PairOptions } from './support/measure-pair.js';
import { toBenchResult, type BenchResult, type Scenario } from './support/scenario.js';

/*
 * The duplication account of a fan-out of N = 1, 4, 16, 64 children over a 50k-token history, forked
 * and spawned, on DeepSeek Harness's real head (the `text-turn` pins, as in
 * examples/fork-parent.request.json). Timed: `accountFanOut` warm (the host has analysed these
 * requests once before: its token counter and its memo of request pairs remember them), against
 * analysing each child from scratch with a fresh counter. Goal: the 64-child analysis under 50 ms
 * warm. `…/new-pairs` (informational) keeps the warm counter but starts a new pair memo: what the
 * first analysis of a fan-out whose segments are already counted costs.
 */

const SIZES = [1, 4, 16, 64] as const;
const HISTORY_TOKENS = 50_000;
const MAX_MS_AT_64 = 50;
const TIMING: PairOptions = { rounds: 3, timeMs: 1000, iterations: 3, warmupIterations: 1 };
// The from-scratch baseline takes seconds per call at 16 and 64 children: fewer, still interleaved, samples.
const TIMING_LARGE: PairOptions = { rounds: 2, timeMs: 500, iterations: 2, warmupIterations: 0 };
const EXAMPLE = path.resolve(import.meta.dirname, '../examples/fork-parent.request.json');

function plan(children: number): FanOutPlan {
  const parent = readChatBody(JSON.parse(readFileSync(EXAMPLE, 'utf8')) as JsonObject, new BodyLocation(EXAMPLE));
  const tasks = realTasks();
  return {
    route: { provider: 'deepseek', model: 'deepseek-v4-flash' },
    layout: 'chat',
    head: { system: parent.system, tools: parent.tools },
    history: realHistoryMessages(getTokenizer('o200k_base'), HISTORY_TOKENS),
    inFlight: [{ name: 'delegate', role: 'user', wire: { role: 'user', content: `Delegate these ${children} subtasks.` } }],
    tasks: Array.from({ length: children }, (_, index) => `Subtask ${index + 1} of ${children}. ${tasks[index % tasks.length]}`),
  };
}

export const fanOutDuplicationScenario: Scenario = {
  name: 'fan-out-duplication',
  description: 'duplication account of 1-64 fork and spawn children over a 50k-token history, warm vs a fresh counter per child',
  async run(context) {
    const policy = deepseekPolicy;
    const results: BenchResult[] = [];
    for (const children of SIZES) {
      const built = plan(children);
      for (const [mode, fanOut] of [['fork', forkFanOut(built)], ['spawn', spawnFanOut(built)]] as [string, FanOut][]) {
        const counter = new PrefixTokenCounter();
        const memo = new SharedTokensMemo(counter);
        const account = accountFanOut(fanOut, { policy, memo });
        const fresh = freshCounterFanOut(fanOut, policy);
        if (fresh.tokensSent !== account.tokensSent || fresh.tokensReused !== account.tokensReused) {
          throw new Error(`fan-out-duplication/${mode}-${children}: accountFanOut sends ${account.tokensSent} and reuses ${account.tokensReused}; from scratch ${fresh.tokensSent} and ${fresh.tokensReused}`);
        }
        context.log(
          `fan-out-duplication/${mode}-${children}: parent ${account.parentTokens} tokens; ${account.tokensSent} sent, ${account.tokensReused} reused, ${account.inheritedTokens} inherited; cost ${account.cost.toFixed(4)} vs ${account.costWithoutReuse.toFixed(4)} ${account.currency} without reuse`,
        );
        const timingOptions = children >= 16 ? TIMING_LARGE : TIMING;
        const timing = await measurePair(() => accountFanOut(fanOut, { policy, memo }), () => freshCounterFanOut(fanOut, policy), timingOptions);
        const details = {
          children,
          parentTokens: account.parentTokens,
          inheritedTokens: account.inheritedTokens,
          tokensSent: account.tokensSent,
          tokensReused: account.tokensReused,
          cost: account.cost,
          costWithoutReuse: account.costWithoutReuse,
          policy: `${policy.name} (${policy.pricesFor('deepseek-v4-flash').source})`,
        };
        results.push(
          toBenchResult(
            {
              name: `fan-out-duplication/${mode}-${children}`,
              scenario: 'fan-out-duplication',
              subject: 'accountFanOut(fanOut, {policy, memo}), counter and pair memo warm',
              baselineName: 'each child analysed from scratch: a fresh counter per child',
              goal: null,
              ...(children === 64 ? { maxMs: MAX_MS_AT_64 } : {}),
              details,
            },
            timing.ours,
            timing.baseline,
          ),
        );
        if (children === 64) {
          const newPairs = await measurePair(() => accountFanOut(fanOut, { policy, memo: new SharedTokensMemo(counter) }), () => freshCounterFanOut(fanOut, policy), TIMING_LARGE);
          results.push(
            toBenchResult(
              { name: `fan-out-duplication/${mode}-64/new-pairs`, scenario: 'fan-out-duplication', subject: 'accountFanOut with a warm counter and a new pair memo', baselineName: 'each child analysed from scratch: a fresh counter per child', goal: null, details },
              newPairs.ours,
              newPairs.baseline,
            ),
          );
        }
      }
    }
    return results;
  },
};
