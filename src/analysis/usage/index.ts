// Anthropic's and OpenAI's usage objects, read into the house usage shape (uncached, read, written).
export { fromAnthropicUsage, fromOpenAIResponsesUsage, fromOpenAIUsage } from './provider-usage.js';
export type { AnthropicUsage, ObservedUsage } from './provider-usage.js';
export { asksAnthropicDiagnosis, cacheMissReasonOf } from './cache-miss-reason.js';
export type { CacheMissReason } from './cache-miss-reason.js';
