import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { accountFanOut, duplicationAccount } from '../src/analysis/index.js';
import { forkFanOut, spawnFanOut } from '../src/analysis/duplication/fan-out-requests.js';
import { PrefixTokenCounter, type PrefixRequest } from '../src/prefix/index.js';
import { deepseekRulePolicy } from './support/deepseek-rule-policy.js';
import { exampleFanOutPlan } from './support/example-fan-out.js';

const TASKS = [
  'What is the project codeword mentioned earlier in this conversation? Reply with exactly that one word.',
  'List the files in the working directory and reply with their count.',
  'Summarise the conversation so far in one sentence.',
  'Reply with the word OK.',
];

/** Whole-text tokens of a request, independent of the segment counter and its memo. */
const wholeTokens = (request: PrefixRequest) => encode(request.segments.map((segment) => segment.text).join(''), { disallowedSpecial: new Set() });

function commonLeading(a: readonly number[], b: readonly number[]): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}

/** DeepSeek's read for each child, computed from whole-text tokenizations: the best earlier request, 64-token units. */
function expectedReads(parent: PrefixRequest, children: readonly PrefixRequest[]): number[] {
  const earlier = [wholeTokens(parent)];
  return children.map((child) => {
    const tokens = wholeTokens(child);
    const shared = Math.max(...earlier.map((stored) => commonLeading(stored, tokens)));
    earlier.push(tokens);
    return 64 * Math.floor(Math.min(shared, tokens.length - 1) / 64);
  });
}

describe('duplication account on the bundled DSH fork parent', () => {
  const policy = deepseekRulePolicy();

  it('fork children each inherit the parent\'s completed turn; the account sums it once per child', () => {
    const plan = exampleFanOutPlan(TASKS);
    const account = accountFanOut(forkFanOut(plan), { policy });
    const counter = new PrefixTokenCounter();
    const parent = forkFanOut(plan).parent;
    const firstMessage = parent.segments.findIndex((segment) => segment.kind === 'message');
    const history = counter.prefixTokens(parent.segments, firstMessage + plan.history.length) - counter.prefixTokens(parent.segments, firstMessage);
    expect(history).toBeGreaterThan(100);
    expect(account.perChild.map((child) => child.inheritedTokens)).toEqual(TASKS.map(() => history));
    expect(account.inheritedTokens).toBe(history * TASKS.length);
  });

  it('reads what the DeepSeek rule gives on the whole-text token prefix, fork and spawn alike', () => {
    const plan = exampleFanOutPlan(TASKS);
    for (const fanOut of [forkFanOut(plan), spawnFanOut(plan)]) {
      const account = accountFanOut(fanOut, { policy });
      expect(account.perChild.map((child) => child.prediction.cacheRead)).toEqual(expectedReads(fanOut.parent, fanOut.children));
      expect(account.perChild.map((child) => child.tokens)).toEqual(fanOut.children.map((child) => wholeTokens(child).length));
    }
  });

  it('forking sends the history once more per child than spawning, and the cost follows the prices', () => {
    const plan = exampleFanOutPlan(TASKS);
    const { fork, spawn, forkOverSpawn } = duplicationAccount(plan, { policy });
    expect(spawn.inheritedTokens).toBe(0);
    expect(forkOverSpawn.tokensSent).toBe(fork.tokensSent - spawn.tokensSent);
    // Each fork child carries the history; a spawn child's task follows the head directly.
    expect(fork.tokensSent - spawn.tokensSent).toBeGreaterThanOrEqual(fork.inheritedTokens - TASKS.length);
    for (const side of [fork, spawn]) {
      expect(side.cost).toBeCloseTo((side.uncached * 1 + side.tokensReused * 0.1) / 1e6, 12);
      expect(side.costWithoutReuse).toBeCloseTo((side.tokensSent * 1) / 1e6, 12);
      expect(side.cost).toBeLessThan(side.costWithoutReuse);
    }
  });

  it('a continuable child\'s head breaks reuse from the parent, but later siblings reuse the first child\'s history', () => {
    const plan = exampleFanOutPlan(TASKS, { continuable: true });
    const account = accountFanOut(forkFanOut(plan), { policy });
    const [first, second] = account.perChild;
    const headTokens = new PrefixTokenCounter().prefixTokens(forkFanOut(plan).children[0]!.segments.filter((segment) => segment.kind === 'system' || segment.kind === 'tool'));
    expect(first!.against).toBe('parent');
    expect(first!.sharedTokens).toBeLessThan(headTokens);
    expect(second!.against).toBe(0);
    expect(second!.sharedTokens).toBeGreaterThan(headTokens + first!.inheritedTokens - 8);
    const isolated = accountFanOut(forkFanOut(plan), { policy, siblingsShare: false });
    expect(isolated.perChild.every((child) => child.against === 'parent' && child.sharedTokens === first!.sharedTokens)).toBe(true);
  });
});
