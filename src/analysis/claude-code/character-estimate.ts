/**
 * Claude's tokenizer is not public. Anthropic's glossary gives the rule its own documentation uses:
 * "For Claude, a token approximately represents 3.5 English characters, though the exact number can
 * vary depending on the language used" (https://docs.anthropic.com/en/docs/about-claude/glossary,
 * "Tokens"). The replay only needs a block's size until the request's logged usage places it: every
 * block end up to a request's last breakpoint is then fitted to that usage, and the session's
 * calibration (Claude tokens per estimated token, learned from earlier requests) corrects the rule
 * for the session's own mix of code, prose and languages.
 */
export const CHARACTERS_PER_CLAUDE_TOKEN = 3.5;

/** What the estimate is called in a tree's `tokenizer` field and notes. */
export const CHARACTER_ESTIMATE_NAME = `characters / ${CHARACTERS_PER_CLAUDE_TOKEN}`;

/** Estimated Claude tokens of `text`: its UTF-16 length over Anthropic's characters per token (fractional; ends are rounded where they are summed). */
export function characterEstimate(text: string): number {
  return text.length / CHARACTERS_PER_CLAUDE_TOKEN;
}
