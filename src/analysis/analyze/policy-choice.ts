import { KvprefixError } from '../../prefix/index.js';
import type { CachePolicy, CachePolicyName } from '../policies/cache-policy.js';

/** `--policy`: one policy for every request, or `auto` (the policy of each tree's provider). */
export type PolicyChoice = CachePolicyName | 'auto';

/** Every choice, in the order `--policy` lists them. */
export const POLICY_CHOICES = ['auto', 'deepseek', 'openai', 'anthropic', 'vllm', 'sglang'] as const satisfies readonly PolicyChoice[];

/** Looks a shipped (or user-priced) policy up by name. */
export type PolicyLookup = (name: CachePolicyName) => CachePolicy;

/**
 * Providers whose cache works like one of the shipped policies. Mistral reports OpenAI-style
 * `cached_tokens` for an automatic prefix cache; Bedrock caches Claude by Anthropic's rules; the
 * self-hosted engines name themselves.
 */
const PROVIDER_POLICIES: Readonly<Record<string, CachePolicyName>> = {
  deepseek: 'deepseek',
  openai: 'openai',
  anthropic: 'anthropic',
  // Bedrock's prompt cache for Claude keeps Anthropic's rules (explicit cache points, minimums, 5-minute TTL):
  // https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html
  bedrock: 'anthropic',
  vllm: 'vllm',
  sglang: 'sglang',
};

/** The policy `auto` picks for a provider, and whether that was assumed (a provider with no policy of its own). */
export function policyNameFor(provider: string): { readonly name: CachePolicyName; readonly assumed: boolean } {
  const name = PROVIDER_POLICIES[provider];
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
