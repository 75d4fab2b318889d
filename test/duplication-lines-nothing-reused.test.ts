import { describe, expect, it } from 'vitest';
import type { ChildRequestAccount, TreeDuplication } from '../src/analysis/duplication/tree-duplication.js';
import { duplicationLines } from '../src/analysis/report/duplication-lines.js';

function account(tokensSent: number, tokensReused: number, cost: number, costWithoutReuse: number): ChildRequestAccount {
  return { tokensSent, tokensReused, cost, costWithoutReuse };
}

function duplication(recorded: ChildRequestAccount, spawned: ChildRequestAccount, inherited = 0): TreeDuplication {
  const child = { session: 'agent-1', file: 'agent-1.jsonl', parentSession: 'root', started: inherited > 0 ? ('fork' as const) : ('spawn' as const), inheritedTokens: inherited, recorded, spawned };
  const over = account(recorded.tokensSent - spawned.tokensSent, recorded.tokensReused - spawned.tokensReused, recorded.cost - spawned.cost, recorded.costWithoutReuse - spawned.costWithoutReuse);
  return { policy: 'anthropic', currency: 'USD', children: 1, perChild: [child], recorded: { ...recorded, inheritedTokens: inherited }, spawned: { ...spawned, inheritedTokens: 0 }, recordedOverSpawned: over, notes: [] };
}

// A child that reused nothing paid for its cache writes: "with reuse" would name what did not happen.
describe('duplication lines when nothing is reused', () => {
  it('a side that reused nothing says its cost is as sent, beside the cost had nothing been cached', () => {
    const spawnedAlike = account(5056, 0, 0.019, 0.0152);
    const { lines } = duplicationLines(duplication(spawnedAlike, spawnedAlike));
    expect(lines[0]).toBe('as recorded: no inherited history; sent 5,056, reused 0 (0.0%); cost $0.0190 as sent (nothing reused), $0.0152 had nothing been cached');
    expect(lines.join('\n')).not.toContain('with reuse');
  });

  it('a spawned child is its own counterfactual: recorded over spawned says they are the same, not $0.0000 twice', () => {
    const spawnedAlike = account(5056, 0, 0.019, 0.0152);
    expect(duplicationLines(duplication(spawnedAlike, spawnedAlike)).lines[2]).toBe('recorded over spawned: the same (the children were spawned)');
  });

  it('a side that reused something keeps "with reuse" and "without"', () => {
    const { lines } = duplicationLines(duplication(account(20000, 15000, 0.02, 0.06), account(5000, 4000, 0.004, 0.015), 15000));
    expect(lines[0]).toContain('cost $0.0200 with reuse, $0.0600 without');
    expect(lines[2]).toBe('recorded over spawned: +15,000 tokens sent, +11,000 reused; cost +$0.0160 with reuse, +$0.0450 without');
  });
});
