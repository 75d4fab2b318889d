// Usage as each provider reports it, read by one converter per provider into the one usage shape.
export { fromAnthropicUsage, fromOpenAIResponsesUsage, fromOpenAIUsage } from './provider-usage.js';
export type { AnthropicUsage, ObservedUsage } from './provider-usage.js';
