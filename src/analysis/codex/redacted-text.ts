/*
 * Some tools that share rollouts replace each text with a marker of its length and hash,
 * `[REDACTED_TEXT len=N sha=H]`. The text is gone, so its tokens are estimated from its length:
 * OpenAI's rule of thumb is about 4 characters per token of English text
 * (https://help.openai.com/en/articles/4936856-what-are-tokens-and-how-to-count-them).
 */

/** Characters per token for redacted text (OpenAI's "1 token ≈ 4 characters in English"). */
export const REDACTED_CHARACTERS_PER_TOKEN = 4;

const MARKER = /\[REDACTED_TEXT len=(\d+) sha=([0-9A-Za-z]+)\]/g;

/** A text with its redaction markers taken out: what is left, and the characters the markers stand for. */
export interface RedactedText {
  /** The text with every marker removed (exact where the rollout kept the text). */
  readonly plain: string;
  /** Markers found. */
  readonly markers: number;
  /** Characters the markers stand for (the sum of their `len`). */
  readonly characters: number;
}

/** Splits a text into what was kept and what was redacted (`markers: 0` for a text with none). */
export function redactedText(text: string): RedactedText {
  if (!text.includes('[REDACTED_TEXT')) return { plain: text, markers: 0, characters: 0 };
  let markers = 0;
  let characters = 0;
  const plain = text.replace(MARKER, (_, length: string) => {
    markers++;
    characters += Number(length);
    return '';
  });
  return { plain, markers, characters };
}

/** Estimated tokens of the characters redaction removed. */
export function redactedTokens(characters: number): number {
  return Math.round(characters / REDACTED_CHARACTERS_PER_TOKEN);
}
