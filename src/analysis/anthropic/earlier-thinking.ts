/**
 * What Anthropic's API does with the thinking blocks of earlier assistant turns, and what a change of
 * the thinking setting does to the cache ("Extended thinking with prompt caching"):
 *
 * - "On earlier Opus/Sonnet models and all Haiku models, thinking blocks from previous turns are
 *   removed from context, which can affect cache breakpoints. On Opus 4.5+ and Sonnet 4.6+, they are
 *   kept by default."
 * - "Changes to thinking parameters (enabled/disabled or budget allocation) invalidate message cache
 *   breakpoints"; "System prompts and tools remain cached".
 *
 * A turn ends where a user message brings something other than tool results: while tools run, the
 * thinking of the turn must be sent back and stays in the context.
 */
export const EXTENDED_THINKING_CACHING_DOC = 'https://platform.claude.com/docs/en/build-with-claude/extended-thinking#extended-thinking-with-prompt-caching';

/** The block types the API counts as thinking. */
const THINKING_TYPES = new Set(['thinking', 'redacted_thinking']);

/** Whether a content block is a thinking block. */
export function isThinkingBlock(type: string): boolean {
  return THINKING_TYPES.has(type);
}

/** Family and version of a Claude model id (`claude-sonnet-4-5-20250929`, `us.anthropic.claude-opus-4-6-v1:0`, `claude-3-7-sonnet-latest`). */
function familyAndVersion(model: string): { family: string; version: number } | undefined {
  const id = model.slice(Math.max(0, model.indexOf('claude-')));
  // Claude 4 and later: claude-<family>-<major>[-<minor>]; a date (8 digits) is not a minor version.
  const modern = /^claude-(opus|sonnet|haiku)-(\d+)(?:-(\d{1,2})(?!\d))?/.exec(id);
  if (modern) return { family: modern[1]!, version: Number(modern[2]) + Number(modern[3] ?? 0) / 10 };
  // Claude 3.x: claude-<major>[-<minor>]-<family>.
  const legacy = /^claude-(\d+)(?:-(\d))?-(opus|sonnet|haiku)/.exec(id);
  if (legacy) return { family: legacy[3]!, version: Number(legacy[1]) + Number(legacy[2] ?? 0) / 10 };
  return undefined;
}

/**
 * Whether the API keeps the thinking blocks of earlier turns in the context of `model` (true: Opus
 * 4.5 and later, Sonnet 4.6 and later), drops them (false: earlier Opus and Sonnet, every Haiku up to
 * 4.5), or the id names no Claude family and version this rule knows (undefined: the caller says so).
 */
export function keepsEarlierTurnThinking(model: string): boolean | undefined {
  const parsed = familyAndVersion(model);
  if (parsed === undefined) return undefined;
  if (parsed.family === 'opus') return parsed.version >= 4.5;
  if (parsed.family === 'sonnet') return parsed.version >= 4.6;
  // "all Haiku models": the doc names no Haiku that keeps them; a later Haiku is not known.
  return parsed.version <= 4.5 ? false : undefined;
}

/**
 * Whether a response shows the request's thinking setting: with a token budget (`type: "enabled"`)
 * the model answers with a thinking block first. Opus 4.6 and Sonnet 4.6 and later take adaptive
 * thinking, where "Claude evaluates each request's complexity and decides whether and how much to
 * think": a response without thinking says nothing of the setting there (false), nor for an id the
 * rule does not know.
 */
export function responseShowsThinkingSetting(model: string): boolean {
  const parsed = familyAndVersion(model);
  if (parsed === undefined) return false;
  if (parsed.family === 'haiku') return parsed.version <= 4.5;
  return parsed.version < 4.6;
}

/** A content block as far as this rule looks at it. */
export interface RoleAndType {
  readonly role: string;
  readonly type: string;
}

/**
 * Where the current turn starts in a request's blocks: the index of the last user block that is not
 * a tool result (0 when there is none). Scans back from the end, so a tool loop costs its own length.
 */
export function currentTurnStart(blocks: readonly RoleAndType[]): number {
  for (let at = blocks.length - 1; at >= 0; at--) {
    const block = blocks[at]!;
    if (block.role === 'user' && block.type !== 'tool_result') return at;
  }
  return 0;
}

/** Whether any block before `end` is a thinking block (what the API would drop for a model that drops them). */
export function hasThinkingBefore(blocks: readonly RoleAndType[], end: number): boolean {
  for (let at = 0; at < end; at++) if (isThinkingBlock(blocks[at]!.type)) return true;
  return false;
}
