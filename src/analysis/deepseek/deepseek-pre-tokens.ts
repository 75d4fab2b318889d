/*
 * DeepSeek V3's pre-tokenizer as one regular expression, so that the shared byte-pair encoder
 * (`prefix/byte-pair-encoder.ts`), which splits text with one expression, runs it.
 *
 * The vocabulary's `tokenizer.json` splits in three steps, each keeping the text between matches as
 * pieces of their own ("Isolated"), and each applied to every piece the step before made:
 *
 * 1. `\p{N}{1,3}`: numbers, in runs of up to three digits;
 * 2. `[一-龥぀-ゟ゠-ヿ]+`: runs of CJK ideographs and kana;
 * 3. `[!"#…~][A-Za-z]+|[^\r\n\p{L}\p{P}\p{S}]?[\p{L}\p{M}]+| ?[\p{P}\p{S}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`
 *    on what is left, and on the CJK runs.
 *
 * No character is both a number and CJK, so the text falls into segments: number runs, CJK runs
 * and the rest ("other"), and step 3 runs inside each segment on its own. The one expression below
 * says the same with every character class of step 3 cut to the segment's kind (the `v` flag's
 * class difference and intersection), its `(?!\S)` seeing a character of another kind as the end
 * of the segment, and a last alternative per kind for the text step 3 leaves between its matches
 * (a control character before punctuation, an unassigned kana code point). A test compares its
 * pieces with the package's own pre-tokenizer on random text.
 */

/** Ideographs U+4E00–U+9FA5, hiragana U+3040–U+309F and katakana U+30A0–U+30FF (step 2's class). */
const CJK = '\\u4E00-\\u9FA5\\u3040-\\u309F\\u30A0-\\u30FF';
/** ASCII punctuation, step 3's first class written as ranges (the `v` flag reserves some of its characters). */
const ASCII_PUNCTUATION = '\\x21-\\x2F\\x3A-\\x40\\x5B-\\x60\\x7B-\\x7E';

// Step 3 inside a CJK run: only its letters, marks, punctuation and symbols can match there.
const CJK_WORD = `[[^\\r\\n\\p{L}\\p{P}\\p{S}]&&[${CJK}]]?[[\\p{L}\\p{M}]&&[${CJK}]]+`;
const CJK_PUNCTUATION = `[[\\p{P}\\p{S}]&&[${CJK}]]+`;

// Step 3 inside an "other" segment: no class reaches a number or CJK character.
const OTHER_PUNCTUATED_WORD = `[${ASCII_PUNCTUATION}][A-Za-z]+`;
const OTHER_WORD = `[^\\r\\n\\p{L}\\p{P}\\p{S}\\p{N}${CJK}]?[[\\p{L}\\p{M}]--[${CJK}]]+`;
const OTHER_PUNCTUATION = ` ?[[\\p{P}\\p{S}]--[${CJK}]]+[\\r\\n]*`;
const OTHER_SPACE = `\\s*[\\r\\n]+|\\s+(?![^\\s\\p{N}${CJK}])|\\s+`;

/** DeepSeek V3's pre-tokens, one match each, covering every character of a text. */
export const DEEPSEEK_PRE_TOKEN_PATTERN = new RegExp(
  [
    '\\p{N}{1,3}',
    CJK_WORD,
    CJK_PUNCTUATION,
    `(?:(?!${CJK_WORD}|${CJK_PUNCTUATION})[${CJK}])+`,
    OTHER_PUNCTUATED_WORD,
    OTHER_WORD,
    OTHER_PUNCTUATION,
    OTHER_SPACE,
    // Whitespace always matches OTHER_SPACE, so a left-over run stops at it.
    `(?:(?!${OTHER_PUNCTUATED_WORD}|${OTHER_WORD}|${OTHER_PUNCTUATION}|\\s)[^\\p{N}${CJK}])+`,
  ].join('|'),
  'gv',
);
