import { UsageError } from '../../prefix/index.js';
import { anthropicPolicy } from '../anthropic/anthropic-policy.js';
import type { CachePolicy, CachePolicyName } from '../policies/cache-policy.js';
import { deepseekPolicy } from '../deepseek/deepseek-policy.js';
import { openaiPolicy } from '../openai/openai-policy.js';
import { sglangPolicy } from '../self-hosted/sglang-policy.js';
import { vllmPolicy } from '../self-hosted/vllm-policy.js';

/**
 * The policies kvprefix ships, in the order `--policy` lists them (DeepSeek first: DSH's recorded
 * provider). A registry takes the list it is given; `--policy`'s choices and its provider map
 * (`policy-choice.ts`) are read from this list and each policy's `providers`, so adding a policy
 * here is the whole change.
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
