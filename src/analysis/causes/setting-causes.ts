import { DIVERGENCE_CAUSE_FACTS, type DivergenceCause } from './divergence-cause.js';

/** Where Anthropic lists what each change of a request invalidates. */
export const CACHE_INVALIDATION_DOC = 'https://platform.claude.com/docs/en/build-with-claude/prompt-caching#what-invalidates-the-cache';

/** A request setting whose change invalidates the cache from one part of the request on, with the cause that names the change. */
export interface KeyedSetting {
  readonly cause: DivergenceCause;
  /** The row of Anthropic's table, as the doc names it. */
  readonly row: string;
  /** What in the request the setting is, for sentences ("tool_choice", "images in the prompt"). */
  readonly noun: string;
}

/**
 * The rows of Anthropic's "What invalidates the cache" table (CACHE_INVALIDATION_DOC) that are request
 * settings rather than bytes, by the name the body reader gives the setting's keyed segment. The
 * table marks each row with the caches it invalidates: "Citations toggle" and "Speed setting" keep
 * the tools cache and invalidate system and messages ("Enabling/disabling citations modifies the
 * system prompt"; "Switching between speed: \"fast\" and standard speed invalidates system and
 * message caches"); "Tool choice", "Images" and "Thinking parameters" keep tools and system and
 * invalidate the messages ("Changes to tool_choice parameter only affect message blocks";
 * "Adding/removing images anywhere in the prompt affects message blocks"; "Changes to extended
 * thinking settings (enable/disable, budget) affect message blocks"). Which part a setting heads
 * follows from its cause's `where` (a head cause heads the system prompt). The "Web search toggle"
 * row is a server tool in `tools` (see `WEB_SEARCH_TOOL`); "Tool definitions" is the tools' bytes.
 */
export const KEYED_SETTINGS = {
  speed: { cause: 'speed-changed', row: 'Speed setting', noun: 'speed' },
  citations: { cause: 'system-toggle-changed', row: 'Citations toggle', noun: 'citations' },
  tool_choice: { cause: 'tool-choice-changed', row: 'Tool choice', noun: 'tool_choice' },
  images: { cause: 'images-changed', row: 'Images', noun: 'images in the prompt' },
  thinking: { cause: 'thinking-changed', row: 'Thinking parameters', noun: 'thinking' },
} as const satisfies Record<string, KeyedSetting>;

/** The name of a keyed setting. */
export type KeyedSettingName = keyof typeof KEYED_SETTINGS;

/** The setting a keyed segment of this name stands for, or undefined for a name no table row has. */
export function keyedSetting(name: string): KeyedSetting | undefined {
  return Object.hasOwn(KEYED_SETTINGS, name) ? KEYED_SETTINGS[name as KeyedSettingName] : undefined;
}

/** The part of the request a setting heads: the system prompt for a head cause, else the messages. */
export function settingHeads(name: KeyedSettingName): 'system' | 'messages' {
  return DIVERGENCE_CAUSE_FACTS[KEYED_SETTINGS[name].cause].where === 'head' ? 'system' : 'messages';
}

/**
 * Anthropic's web search server tool (`web_search_20250305`, `web_search_20260209`, …,
 * @anthropic-ai/sdk 1.15.0): "Enabling/disabling web search modifies the system prompt" (the
 * table's "Web search toggle" row).
 */
export const WEB_SEARCH_TOOL = /^web_search_\d{8}$/;
