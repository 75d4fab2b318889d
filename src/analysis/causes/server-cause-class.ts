import type { CacheMissReason } from '../usage/cache-miss-reason.js';
import type { CacheClass } from './cache-class.js';
import { CAUSE_RULES } from './cause-rules.js';
import { REPLAY_CAUSES } from './replay-causes.js';

/** The part each cause declares (`CauseRule.cacheClass`, `REPLAY_CAUSES`), by cause. */
const CLASS_OF_CAUSE: ReadonlyMap<string, CacheClass> = new Map([...CAUSE_RULES, ...REPLAY_CAUSES].map((rule) => [rule.cause, rule.cacheClass]));

/** The part of the request a kvprefix cause names, as the cause declares it; undefined for a cause this build does not know. */
export function cacheClassOfCause(cause: string): CacheClass | undefined {
  return CLASS_OF_CAUSE.get(cause);
}

/**
 * The parts each provider reason names. Anthropic's types are the parts themselves
 * (https://platform.claude.com/docs/en/build-with-claude/cache-diagnostics; `CacheMissReason` in
 * `@anthropic-ai/sdk`). OpenAI's Responses reasons (`Response.CacheMiss.reason` in `openai`) have
 * no reason of their own for the system prompt: `instructions` and `input` are one prompt there,
 * so `input_changed` names either part, and `context_compacted` (the input replaced by its
 * compaction) names the messages. OpenAI's other reasons (`prompt_cache_key_changed`,
 * `text_format_changed`, `reasoning_effort_changed`, `verbosity_changed`, `service_tier_changed`)
 * are request settings kvprefix does not read as part of the prefix: they name no part, so no
 * predicted cause agrees with them, and a disagreement shows them as the provider said them.
 */
const PARTS_OF_REASON: Readonly<Record<string, readonly CacheClass[]>> = {
  model_changed: ['model'],
  system_changed: ['system'],
  tools_changed: ['tools'],
  messages_changed: ['messages'],
  input_changed: ['system', 'messages'],
  context_compacted: ['messages'],
};

/**
 * Reasons that compare nothing: the provider kept no record of the earlier response (Anthropic's
 * `previous_message_not_found`, OpenAI's `comparison_response_not_found`; "This doesn't mean that
 * this request changed") or gave no diagnosis (`unavailable`).
 */
const NO_COMPARISON = new Set(['previous_message_not_found', 'comparison_response_not_found', 'unavailable']);

/**
 * The parts of the request the provider's diagnosis names: `['none']` when it found the prefix fully
 * reusable (`null`), the reason's parts (empty for a reason that names no part kvprefix models, or
 * one this build does not know), or null when the provider compared nothing (the earlier response
 * was not found, or no diagnosis was available): such a request is not scored.
 */
export function cacheClassesOfReason(reason: CacheMissReason | null): readonly CacheClass[] | null {
  if (reason === null) return ['none'];
  if (NO_COMPARISON.has(reason.type)) return null;
  return PARTS_OF_REASON[reason.type] ?? [];
}
