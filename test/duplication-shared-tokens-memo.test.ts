import { describe, expect, it } from 'vitest';
import { accountFanOut } from '../src/analysis/index.js';
import { forkFanOut } from '../src/analysis/duplication/fan-out-requests.js';
import { SharedTokensMemo } from '../src/analysis/duplication/shared-tokens-memo.js';
import { comparePrefix } from '../src/prefix/index.js';
import { deepseekRulePolicy } from './support/deepseek-rule-policy.js';
import { exampleFanOutPlan } from './support/example-fan-out.js';

const TASKS = ['Reply with the codeword.', 'Reply with the word OK.', 'Reply with the codeword twice.'];

describe('shared-tokens memo', () => {
  it('answers as comparePrefix does, and a second analysis of the same fan-out compares nothing new', () => {
    const fanOut = forkFanOut(exampleFanOutPlan(TASKS));
    const memo = new SharedTokensMemo();
    expect(memo.sharedTokens(fanOut.parent, fanOut.children[1]!)).toBe(comparePrefix(fanOut.parent, fanOut.children[1]!).commonPrefix.tokens);
    const policy = deepseekRulePolicy();
    const first = accountFanOut(fanOut, { policy, memo });
    const pairs = memo.size;
    // Parent with 3 children, siblings sharing: 1 + 2 + 3 comparisons.
    expect(pairs).toBe(6);
    const again = accountFanOut(fanOut, { policy, memo });
    expect(memo.size).toBe(pairs);
    expect(again).toEqual(first);
    expect(accountFanOut(fanOut, { policy })).toEqual(first);
  });

  it('tells requests apart that differ only in their last segment', () => {
    const fanOut = forkFanOut(exampleFanOutPlan(TASKS));
    const memo = new SharedTokensMemo();
    const [a, b] = fanOut.children;
    expect(memo.sharedTokens(fanOut.parent, a!)).toBe(comparePrefix(fanOut.parent, a!).commonPrefix.tokens);
    expect(memo.sharedTokens(a!, b!)).toBe(comparePrefix(a!, b!).commonPrefix.tokens);
    expect(memo.sharedTokens(a!, a!)).toBe(comparePrefix(a!, a!).commonPrefix.tokens);
    expect(memo.size).toBe(3);
  });
});
