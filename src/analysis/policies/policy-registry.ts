import { UsageError } from '../../prefix/index.js';
import { anthropicPolicy } from './anthropic.js';
import type { CachePolicy, CachePolicyName } from './cache-policy.js';
import { deepseekPolicy } from './deepseek.js';
import { openaiPolicy } from './openai.js';
import { sglangPolicy } from './sglang.js';
import { vllmPolicy } from './vllm.js';

/**
 * The policies kvprefix ships, in the order `--policy` lists them (DeepSeek first: DSH's recorded
 * provider). A registry takes the list it is given; a new policy is also named in `--policy`'s
 * choices and the provider map of `analyze/policy-choice.ts`.
 */
export const CACHE_POLICIES: readonly CachePolicy[] = [deepseekPolicy, openaiPolicy, anthropicPolicy, vllmPolicy, sglangPolicy];

/** A lookup over a fixed list of policies. */
export interface PolicyRegistry {
  /** Names in list order. */
  readonly names: readonly CachePolicyName[];
  /** The policy called `name`; a UsageError (`policy/unknown`) naming the known ones otherwise. */
  policyByName(name: string): CachePolicy;
}

/** A registry over `policies` (two policies with one name are a UsageError: the lookup would be ambiguous). */
export function createPolicyRegistry(policies: readonly CachePolicy[]): PolicyRegistry {
  const byName = new Map<string, CachePolicy>();
  for (const policy of policies) {
    if (byName.has(policy.name)) throw new UsageError('policy/duplicate', `two cache policies are named '${policy.name}'`);
    byName.set(policy.name, policy);
  }
  const names = policies.map((policy) => policy.name);
  return {
    names,
    policyByName(name: string): CachePolicy {
      const policy = byName.get(name);
      if (policy === undefined) throw new UsageError('policy/unknown', `unknown cache policy '${name}': use one of ${names.join(', ')}`);
      return policy;
    },
  };
}

const shipped = createPolicyRegistry(CACHE_POLICIES);

/** The shipped policy called `name` (see `CACHE_POLICIES`). */
export function policyByName(name: string): CachePolicy {
  return shipped.policyByName(name);
}
