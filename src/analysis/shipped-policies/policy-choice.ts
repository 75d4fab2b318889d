import { KvprefixError } from '../../prefix/index.js';
import type { CachePolicy, CachePolicyName } from '../policies/cache-policy.js';
import { CACHE_POLICIES } from './policy-registry.js';

/** `--policy`: one policy for every request, or `auto` (the policy of each tree's provider). */
export type PolicyChoice = CachePolicyName | 'auto';

/** Every choice, in the order `--policy` lists them: `auto`, then the shipped policies. */
export const POLICY_CHOICES: readonly PolicyChoice[] = ['auto', ...CACHE_POLICIES.map((policy) => policy.name)];

/** Looks a shipped (or user-priced) policy up by name. */
export type PolicyLookup = (name: CachePolicyName) => CachePolicy;

/** The shipped policy of each provider, from the providers each policy says it models (`CachePolicy.providers`). */
const PROVIDER_POLICIES: ReadonlyMap<string, CachePolicyName> = new Map(CACHE_POLICIES.flatMap((policy) => (policy.providers ?? [policy.name]).map((provider) => [provider, policy.name] as const)));

/** The policy `auto` picks for a provider, and whether that was assumed (a provider with no policy of its own). */
export function policyNameFor(provider: string): { readonly name: CachePolicyName; readonly assumed: boolean } {
  const name = PROVIDER_POLICIES.get(provider);
  return name === undefined ? { name: 'openai', assumed: true } : { name, assumed: false };
}

/** The policy for a tree whose first request reaches `provider`, with a note when it was assumed. */
export function choosePolicy(choice: PolicyChoice, provider: string, lookup: PolicyLookup): { readonly policy: CachePolicy; readonly note: string | undefined } {
  if (choice !== 'auto') return { policy: lookup(choice), note: undefined };
  const { name, assumed } = policyNameFor(provider);
  try {
    const note = assumed ? `no cache policy models provider '${provider}': the ${name} policy is assumed (choose one with --policy)` : undefined;
    return { policy: lookup(name), note };
  } catch (error) {
    // `auto` must pick a policy that is there: a provider whose own policy is not registered falls back, and says so.
    if (!(error instanceof KvprefixError) || error.code !== 'policy/unknown' || name === 'openai') throw error;
    return { policy: lookup('openai'), note: `the ${name} policy is not available here: provider '${provider}' is replayed with the openai policy (choose one with --policy)` };
  }
}
