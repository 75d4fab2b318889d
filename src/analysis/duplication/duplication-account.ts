import { forkFanOut, spawnFanOut, type FanOutPlan } from './fan-out-requests.js';
import { accountFanOut, type FanOutAccount, type FanOutAccountOptions } from './fan-out-account.js';

/** Forking and spawning the same children, side by side. */
export interface DuplicationAccount {
  readonly policy: string;
  readonly model: string;
  readonly fork: FanOutAccount;
  readonly spawn: FanOutAccount;
  /** What forking sends beyond spawning (the duplicated history), what it reuses beyond, and what it costs beyond (negative: forking is cheaper). */
  readonly forkOverSpawn: { readonly tokensSent: number; readonly tokensReused: number; readonly cost: number };
}

/**
 * The duplication account of a fan-out: the children's first requests when the parent forks them
 * (each carries the parent's history) and when it spawns them (each starts empty), under one cache
 * policy. Forking sends the history once per child; whether that costs more than spawning depends
 * on how much of it the policy reuses.
 */
export function duplicationAccount(plan: FanOutPlan, options: FanOutAccountOptions): DuplicationAccount {
  const fork = accountFanOut(forkFanOut(plan), options);
  const spawn = accountFanOut(spawnFanOut(plan), options);
  return {
    policy: options.policy.name,
    model: options.model ?? plan.route.model,
    fork,
    spawn,
    forkOverSpawn: { tokensSent: fork.tokensSent - spawn.tokensSent, tokensReused: fork.tokensReused - spawn.tokensReused, cost: fork.cost - spawn.cost },
  };
}
