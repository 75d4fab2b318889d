import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getTokenizer, isTokenAnchor } from '../src/prefix/index.js';

/*
 * The anchor rule against the tokenizers themselves: at every anchor of a random text, the count of
 * the whole equals the counts of the two sides (BPE never merges across an anchor). The characters
 * cover every class the split expressions distinguish: ASCII and other letters (upper, lower,
 * other), combining marks, digits, apostrophes and contractions, punctuation and symbols (emoji,
 * with and without a variation selector), `/`, line breaks, spaces, tabs and the other Unicode
 * whitespace that `\s` matches.
 */
const characters = fc.constantFrom(
  'a', 'Z', 'word', 'The', "'", "'s", "'LL", 'é', 'e\u0301', 'Ж', 'привет', 'Σ', '漢', 'の', 'ǅ', 'ʰ', '1', '23', '٣',
  '.', ',', '}', '{', '"', '-', '/', '//', '😀', '❤️', '🎉', '\u200d', '<|endoftext|>',
  ' ', '  ', '\t', '\u00a0', '\u3000', '\u2028', '\u2003', '\ufeff', '\v', '\f', '\n', '\n\n', '\r\n', '\r',
);
const text = fc.array(characters, { minLength: 1, maxLength: 24 }).map((parts) => parts.join(''));

describe.each(['o200k_base', 'cl100k_base'])('token anchors with %s', (name) => {
  const tokenizer = getTokenizer(name);

  it('split the token count exactly at every anchor of random text', () => {
    fc.assert(
      fc.property(text, (sample) => {
        const whole = tokenizer.count(sample);
        for (let index = 1; index < sample.length; index++) {
          if (!isTokenAnchor(sample, index)) continue;
          expect(tokenizer.count(sample.slice(0, index)) + tokenizer.count(sample.slice(index)), `anchor ${index} of ${JSON.stringify(sample)}`).toBe(whole);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('find anchors in text without ASCII letters: emoji and Cyrillic between spaces', () => {
    expect(isTokenAnchor('😀 🎉', 2)).toBe(true);
    expect(isTokenAnchor('привет мир', 6)).toBe(true);
    // Not after whitespace, and not before a line break (punctuation runs take line breaks).
    expect(isTokenAnchor('😀  🎉', 3)).toBe(false);
    expect(isTokenAnchor('😀\n🎉', 2)).toBe(false);
  });
});
