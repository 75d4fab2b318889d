/*
 * DeepSeek V4's `reasoning_effort: "max"`: in thinking mode the encoding writes a fixed instruction
 * right after BOS, before the system prompt (`REASONING_EFFORT_MAX`, written when the first message
 * is rendered, in the model's `encoding/encoding_dsv4.py`); `high` (the default) writes nothing.
 * DSH serializes its `reasoningEffort` setting (logged in the `request/header` config) as that field
 * (corpus dsh `readmes/packages/llm/llm-deepseek/README.md`).
 */

/** The instruction V4 writes after BOS for `reasoning_effort: "max"`. */
export const REASONING_EFFORT_MAX =
  'Reasoning Effort: Absolute maximum with no shortcuts permitted.\n' +
  'You MUST be very thorough in your thinking and comprehensively decompose the problem to resolve the root cause, rigorously stress-testing your logic against all potential paths, edge cases, and adversarial scenarios.\n' +
  'Explicitly write out your entire deliberation process, documenting every intermediate step, considered alternative, and rejected hypothesis to ensure absolutely no assumption is left unchecked.\n\n';

/** The text an effort puts before the system prompt ('' for every effort but `max`; the value is the logged string, any level). */
export function reasoningEffortPreamble(effort: string | undefined): string {
  return effort === 'max' ? REASONING_EFFORT_MAX : '';
}
