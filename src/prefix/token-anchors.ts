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

/** True when the join between char codes `before` and `after` is a token anchor. */
function anchorBetween(before: number, after: number): boolean {
  if (isAsciiLetter(before)) return after < 128 && !isAsciiLetter(after) && after !== 39;
  if (isLineBreak(before)) return !isWhitespace(after) && after !== 47;
  return isWhitespace(after) && !isLineBreak(after) && !isWhitespace(before);
}

/** True when position `index` of `text` (0 < index < length) is a token anchor. */
export function isTokenAnchor(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return false;
  return anchorBetween(text.charCodeAt(index - 1), text.charCodeAt(index));
}

/*
 * A long anchorless stretch (a letter run, base64, CamelCase) is scanned by a regular expression:
 * a comparison scans from the difference back to the last anchor, and in such a stretch that is
 * the whole text. A segment's text is often a rope (a concatenation), on which reading one char at a
 * time costs several times more than the expression engine's scan of the flattened text: on a 512 KB
 * letter run the char loop cost more than tokenizing the text. Short scans stay char by char.
 *
 * `ANCHOR_PAIR` matches the two chars on either side of an anchor (the anchor is one past the
 * match's start), the same three rules as `anchorBetween`: a letter then ASCII that is neither a
 * letter nor an apostrophe; a line break then neither whitespace nor `/`; neither whitespace nor a
 * letter, then whitespace that is not a line break. `\s` is exactly `isWhitespace`'s set.
 */
const ANCHOR_PAIR = /[A-Za-z][\0-&(-@[-`{-\x7f]|[\n\r][^\s/]|[^\sA-Za-z][^\S\n\r]/g;

/** Chars a scan reads one by one before it hands the rest to `ANCHOR_PAIR`. */
const CHAR_SCAN = 64;

/** The first anchor at or after `from` and before `until` (exclusive), or -1. */
export function firstTokenAnchor(text: string, from = 1, until = text.length): number {
  const end = Math.min(until, text.length);
  let index = Math.max(from, 1);
  if (index >= end) return -1;
  const charEnd = Math.min(end, index + CHAR_SCAN);
  let before = text.charCodeAt(index - 1);
  for (; index < charEnd; index++) {
    const after = text.charCodeAt(index);
    if (anchorBetween(before, after)) return index;
    before = after;
  }
  if (index >= end) return -1;
  // The pair starts one char before the anchor; a slice ends the scan at `until` (no copy is made).
  ANCHOR_PAIR.lastIndex = index - 1;
  const match = ANCHOR_PAIR.exec(end === text.length ? text : text.slice(0, end));
  return match ? match.index + 1 : -1;
}

/** The last anchor at or before `atMost` and at or after `from`, or -1. */
export function lastTokenAnchor(text: string, atMost = text.length - 1, from = 1): number {
  const low = Math.max(from, 1);
  let index = Math.min(atMost, text.length - 1);
  if (index < low) return -1;
  const charLow = Math.max(low, index - CHAR_SCAN);
  let after = text.charCodeAt(index);
  for (; index >= charLow; index--) {
    const before = text.charCodeAt(index - 1);
    if (anchorBetween(before, after)) return index;
    after = before;
  }
  // Windows of anchors [start, index], twice as long each time, each searched left to right for its last anchor.
  for (let size = CHAR_SCAN * 4; index >= low; size *= 2) {
    const start = Math.max(low, index - size + 1);
    const window = text.slice(start - 1, index + 1);
    let last = -1;
    ANCHOR_PAIR.lastIndex = 0;
    for (let match = ANCHOR_PAIR.exec(window); match !== null; match = ANCHOR_PAIR.exec(window)) {
      last = match.index;
      // Pairs overlap (each char is the `after` of one pair and the `before` of the next).
      ANCHOR_PAIR.lastIndex = match.index + 1;
    }
    if (last >= 0) return start + last;
    index = start - 1;
  }
  return -1;
}
