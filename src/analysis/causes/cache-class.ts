/**
 * The part of a request a provider's own cache diagnosis names as where reuse stopped: the model
 * (a route change), the tool list, the system prompt, the messages, or none (the prefix was fully
 * reusable: the request only appends to, or repeats, the one it is compared with). Anthropic's
 * `cache_miss_reason` types are these parts (`model_changed`, `tools_changed`, `system_changed`,
 * `messages_changed`; no reason for none); every kvprefix cause declares its part where the cause
 * is declared (`CauseRule.cacheClass`), so a predicted cause can be scored against the provider's word.
 */
export type CacheClass = 'model' | 'tools' | 'system' | 'messages' | 'none';

/** Every part, for validation and tables. */
export const CACHE_CLASSES = ['model', 'tools', 'system', 'messages', 'none'] as const satisfies readonly CacheClass[];
