// Provider cache policies: one pure rule per provider or engine, numbers as parameters with their source, and prices.
export { costOf } from './cache-policy.js';
export type { CacheMatch, CachePolicy, CachePolicyName, CachePrediction, CacheUsage, LongContextPrices, PolicyInput, PolicyParameter, PriceTable } from './cache-policy.js';
export { createDeepSeekPolicy, DEEPSEEK_TTL, DEEPSEEK_UNIT, deepseekPolicy } from './deepseek.js';
export type { DeepSeekPolicyOptions } from './deepseek.js';
export { anthropicMinimumTokens, anthropicPolicy, createAnthropicPolicy } from './anthropic.js';
export type { AnthropicPolicyOptions } from './anthropic.js';
export { createOpenAIPolicy, openaiCachedTokens, openaiPolicy, openaiRoute } from './openai.js';
export type { OpenAIPolicyOptions } from './openai.js';
export { createVllmPolicy, vllmPolicy, vllmRoute } from './vllm.js';
export type { VllmPolicyOptions } from './vllm.js';
export { createSglangPolicy, sglangPolicy } from './sglang.js';
export type { SglangPolicyOptions } from './sglang.js';
export { CACHE_POLICIES, createPolicyRegistry, policyByName } from './policy-registry.js';
export type { PolicyRegistry } from './policy-registry.js';
export { parsePriceText, readPriceFile, withPrices } from './price-file.js';
export type { PriceOverrides } from './price-file.js';
