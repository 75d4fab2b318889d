import type { RuleFacts } from './cause-facts.js';

/**
 * Why a request stops sharing the prefix of the request it is compared with. Head causes come first
 * (a change there takes every message after it down); `extension` is the best case: the later request
 * only appends to the earlier one, which it reuses whole.
 */
export type DivergenceCause =
  | 'route'
  | 'persona'
  | 'tool-filter'
  | 'sdk'
  | 'report-tool'
  | 'output-contract'
  | 'system'
  | 'tools'
  | 'system-toggle-changed'
  | 'speed-changed'
  | 'tool-choice-changed'
  | 'images-changed'
  | 'thinking-changed'
  | 'extension'
  | 'task'
  | 'runtime-context'
  | 'history';

/**
 * What each divergence cause means for the cache, declared once: where its rule looks (`route`,
 * `head`, `messages`), the part of the request a provider's own diagnosis names for it, whether it
 * breaks the cache, and what its sentence says is shared. The rules take their facts from here;
 * every list of causes (`cause-catalog.ts`) is derived from it without loading the rules.
 */
export const DIVERGENCE_CAUSE_FACTS = {
  route: { where: 'route', cacheClass: 'model', breaks: true, claimsShared: null },
  persona: { where: 'head', cacheClass: 'system', breaks: true, claimsShared: null },
  'tool-filter': { where: 'head', cacheClass: 'tools', breaks: true, claimsShared: null },
  sdk: { where: 'head', cacheClass: 'system', breaks: true, claimsShared: null },
  'report-tool': { where: 'head', cacheClass: 'tools', breaks: true, claimsShared: null },
  'output-contract': { where: 'head', cacheClass: 'tools', breaks: true, claimsShared: null },
  system: { where: 'head', cacheClass: 'system', breaks: true, claimsShared: null },
  tools: { where: 'head', cacheClass: 'tools', breaks: true, claimsShared: null },
  // Anthropic's "What invalidates the cache" rows (setting-causes.ts): a toggle of web search or
  // citations keeps the tools cached and loses the system prompt; so does the speed, which Anthropic's
  // cache diagnostics report as `model_changed` ("a request whose `model` or `speed` differs",
  // @anthropic-ai/sdk 1.15.0 CacheMissModelChanged). tool_choice, images and thinking lose the messages.
  'system-toggle-changed': { where: 'head', cacheClass: 'system', breaks: true, claimsShared: null },
  'speed-changed': { where: 'head', cacheClass: 'model', breaks: true, claimsShared: null },
  'tool-choice-changed': { where: 'messages', cacheClass: 'messages', breaks: true, claimsShared: 'before-change' },
  'images-changed': { where: 'messages', cacheClass: 'messages', breaks: true, claimsShared: 'before-change' },
  'thinking-changed': { where: 'messages', cacheClass: 'messages', breaks: true, claimsShared: 'before-change' },
  extension: { where: 'messages', cacheClass: 'none', breaks: false, claimsShared: 'all' },
  task: { where: 'messages', cacheClass: 'messages', breaks: false, claimsShared: 'before-change' },
  'runtime-context': { where: 'messages', cacheClass: 'messages', breaks: true, claimsShared: 'before-change' },
  history: { where: 'messages', cacheClass: 'messages', breaks: true, claimsShared: 'before-change' },
} as const satisfies Record<DivergenceCause, RuleFacts>;

/** Every cause, for validation and tables. */
export const DIVERGENCE_CAUSES = [
  'route',
  'persona',
  'tool-filter',
  'sdk',
  'report-tool',
  'output-contract',
  'system',
  'tools',
  'system-toggle-changed',
  'speed-changed',
  'tool-choice-changed',
  'images-changed',
  'thinking-changed',
  'extension',
  'task',
  'runtime-context',
  'history',
] as const satisfies readonly DivergenceCause[];
