/*
 * The settings of a DeepSeek chat request that change what the V4 server renders, beyond its
 * messages and tools (corpus dsh `readmes/packages/llm/llm-deepseek/README.md`; the model's
 * `encoding/encoding_dsv4.py`):
 *
 * - `reasoning_effort`: `max` writes V4's instruction after BOS (reasoning-effort.ts); `high` (the
 *   default), `low` write nothing. DSH's adapter-owned `off` sends `thinking: {type: "disabled"}`
 *   instead.
 * - `thinking: {type: "disabled"}`: chat mode. Every user turn closes with the Assistant marker and
 *   `</think>`, no assistant turn keeps its reasoning, and no effort instruction is written.
 *
 * DSH logs the resolved effort in the request header's config today; its July 2026 releases did not
 * (the acp-agent composition called them "wire-only defaults; they never enter the request header"),
 * so for those logs only the host composition can say.
 */

/** The request settings a host composition (or a logged header) gives DeepSeek's adapter. */
export interface DeepSeekRequestSettings {
  /** `max`, `high`, `low` or `off` (DSH's `reasoningEffort`). */
  readonly reasoningEffort?: string;
  /** DSH's `thinking` switch: `disabled` renders every request in chat mode. */
  readonly thinking?: 'enabled' | 'disabled';
}

/** How one request is rendered: its effort, and whether the server renders it in thinking mode. */
export interface DeepSeekRenderMode {
  readonly reasoningEffort: string | undefined;
  readonly thinking: boolean;
}

/**
 * The rendering a request gets: the logged header's own settings first (what DSH resolved and
 * sent), then the host composition's, then DeepSeek's defaults (thinking, `high`).
 */
export function renderModeOf(logged: DeepSeekRequestSettings, host: DeepSeekRequestSettings = {}): DeepSeekRenderMode {
  const effort = logged.reasoningEffort ?? host.reasoningEffort;
  const thinking = (logged.thinking ?? host.thinking) !== 'disabled' && effort !== 'off';
  return { reasoningEffort: thinking ? effort : undefined, thinking };
}
