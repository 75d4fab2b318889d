/*
 * Token anchors: positions in a text where every tiktoken-family pre-tokenizer (o200k_base,
 * cl100k_base, r50k/p50k) is guaranteed to end one pre-token and start the next, judging only by the
 * two characters on either side. BPE never merges across a pre-token boundary, so at an anchor the
 * token count of a text splits exactly: count(a + b) = count(a) + count(b) whenever the join is an
 * anchor. That is what lets kvprefix count a prefix of many segments exactly while tokenizing each
 * segment only once (the naive sum is off by 1–3 tokens at most joins; shared/PACKAGES.md).
 *
 * Three local patterns are anchors, derived from the split expressions gpt-tokenizer ships
 * (gpt-tokenizer/esm/encodingParams/constants.js):
 *
 * 1. An ASCII letter followed by an ASCII character that is neither a letter nor an apostrophe.
 *    Letters only occur in the letter alternatives, which run greedily to the end of the letter run
 *    and can only be extended by a contraction suffix (`'s`, `'t`, …) — hence the apostrophe rule.
 * 2. A line break (`\n` or `\r`) followed by a character that is not whitespace and not `/`.
 *    Newline runs are closed by `\s*[\r\n]+` (or cl100k's `\s*[\r\n]`), which cannot continue into a
 *    non-space; the only alternative that carries a line break forward is the punctuation run
 *    ` ?[^\s\p{L}\p{N}]+[\r\n/]*`, whose tail may swallow `/` (`}\n//`), hence the slash rule. No
 *    alternative starts with a line break followed by a letter, digit or punctuation.
 * 3. A character that is not whitespace followed by whitespace other than a line break (a space,
 *    a tab, U+3000, …). No alternative carries a non-space into such whitespace: letter runs and
 *    contractions hold no whitespace, digits none, the punctuation run stops at whitespace and its
 *    tail takes only `\r`, `\n` and `/`, and the whitespace alternatives cannot have started before
 *    a non-space. So whatever follows, the pre-token ending at the non-space ends there, and no
 *    match attempt before it ever looked further. This gives anchors to text without ASCII letters:
 *    emoji and Cyrillic between spaces, indented code after punctuation.
 *
 * The rule is checked against whole-string tokenization by property tests on random joins and on
 * real prompts (test/prefix-token-count-*.test.ts).
 */

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isLineBreak(code: number): boolean {
  return code === 10 || code === 13;
}

function isWhitespace(code: number): boolean {
  // Every code point `\s` matches that can follow a line break in practice; anything else outside
  // ASCII is treated as non-whitespace only when it is also not a Unicode space (checked below).
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/** True when position `index` of `text` (0 < index < length) is a token anchor. */
export function isTokenAnchor(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return false;
  const before = text.charCodeAt(index - 1);
  const after = text.charCodeAt(index);
  if (isAsciiLetter(before)) return after < 128 && !isAsciiLetter(after) && after !== 39;
  if (isLineBreak(before)) return !isWhitespace(after) && after !== 47;
  return isWhitespace(after) && !isLineBreak(after) && !isWhitespace(before);
}

/** The first anchor at or after `from` and before `until` (exclusive), or -1. */
export function firstTokenAnchor(text: string, from = 1, until = text.length): number {
  const end = Math.min(until, text.length);
  for (let index = Math.max(from, 1); index < end; index++) {
    if (isTokenAnchor(text, index)) return index;
  }
  return -1;
}

/** The last anchor at or before `atMost` and at or after `from`, or -1. */
export function lastTokenAnchor(text: string, atMost = text.length - 1, from = 1): number {
  for (let index = Math.min(atMost, text.length - 1); index >= Math.max(from, 1); index--) {
    if (isTokenAnchor(text, index)) return index;
  }
  return -1;
}
