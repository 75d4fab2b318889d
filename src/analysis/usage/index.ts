// Anthropic's and OpenAI's usage objects, read into the house usage shape (uncached, read, written).
export { fromAnthropicUsage, fromOpenAIUsage } from './provider-usage.js';
export type { AnthropicUsage, ObservedUsage } from './provider-usage.js';
