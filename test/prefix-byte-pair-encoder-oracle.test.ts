import fc from 'fast-check';
import o200k from 'gpt-tokenizer/encoding/o200k_base';
import cl100k from 'gpt-tokenizer/encoding/cl100k_base';
import { describe, expect, it } from 'vitest';
import { createTokenizer } from '../src/prefix/index.js';

/*
 * kvprefix's byte-pair encoder against gpt-tokenizer's own `encode`, on random and adversarial text:
 * runs of one letter long enough to take the long-piece merge, mixed scripts and marks, emoji and
 * joiners, digit runs, whitespace runs before a non-space, contractions, lone surrogates, control
 * chars. Every entry point must give the library's tokens: `encode`, `count`, the paired forms and
 * `commonTokens` on an edited copy.
 */
const NO_SPECIAL = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };
const UNITS = [
  'a', 'x', 'Z', 'the', ' the', 'The', 'HTTPServer', 'camelCase', "'s", "'RE", "n't", 'é', 'e\u0301', 'ß', 'дом', 'Ωμέγα', 'שלום', 'مرحبا',
  '漢字', 'かな', 'カタカナ', '한국어', 'ไทย', '😀', '👨\u200d👩\u200d👧', '🇫🇷', '\ufe0f', '1', '42', '12345', '٣', '½', ' ', '   ', '\t', '\n',
  '\r\n', '\n\n\n', ' \n ', '\u00a0', '\u3000', '.', ',', '!?', '...', '//', '/*', '{"a": 1}', '<|endoftext|>', '\u0000', '\u0007', '\ud800',
  '\udc00', '$', '+=', '->', '_', '-', '#',
];
const RUN_UNITS = ['a', 'x', 'ab', ' ', '\n', '0', '!', '漢', '😀', 'é', 'Zz'];
const part = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...UNITS) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...RUN_UNITS), fc.integer({ min: 2, max: 400 })).map(([unit, times]) => unit.repeat(times)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
);
const text = fc.array(part, { maxLength: 40 }).map((parts) => parts.join(''));

function leading(a: readonly number[], b: readonly number[]): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}

describe.each([
  ['o200k_base', o200k],
  ['cl100k_base', cl100k],
] as const)('byte-pair encoder against gpt-tokenizer (%s)', (name, library) => {
  const tokenizer = createTokenizer(name);
  const reference = (input: string) => library.encode(input, NO_SPECIAL);

  it("gives the library's tokens and count for random and adversarial text", () => {
    fc.assert(
      fc.property(text, (input) => {
        const tokens = reference(input);
        expect(tokenizer.encode(input)).toEqual(tokens);
        expect(tokenizer.count(input)).toBe(tokens.length);
      }),
      { numRuns: 1_500 },
    );
  });

  it("gives the library's tokens for two texts split in step, and the tokens they share", () => {
    fc.assert(
      fc.property(text, fc.double({ min: 0, max: 1, noNaN: true }), part, fc.nat(4), (input, editAt, inserted, deleted) => {
        const at = Math.floor(editAt * input.length);
        const edited = input.slice(0, at) + inserted + input.slice(at + deleted);
        const tokensA = reference(input);
        const tokensB = reference(edited);
        expect(tokenizer.encodePair!(input, edited, at)).toEqual([tokensA, tokensB]);
        const pair = tokenizer.countPair!(input, edited, at);
        expect([pair.a, pair.b]).toEqual([tokensA.length, tokensB.length]);
        // The tokens before `commonEnd` are the ones both encodings start with, and they spell exactly
        // the text before it. (Counting that text on its own may differ: a whitespace run at the end
        // of a text is split as the end, not as the space before a word.)
        expect(tokensB.slice(0, pair.commonTokens)).toEqual(tokensA.slice(0, pair.commonTokens));
        const spelled = tokensA.slice(0, pair.commonTokens).reduce((bytes, token) => bytes + tokenizer.tokenByteLength!(token), 0);
        expect(spelled).toBe(Buffer.byteLength(input.slice(0, pair.commonEnd)));
        expect(tokenizer.commonTokens!(input, edited, at)).toBe(leading(tokensA, tokensB));
      }),
      { numRuns: 800 },
    );
  });

  it("gives the library's tokens for long runs of one letter, alone and between words", () => {
    for (const input of ['x'.repeat(3_000), `say ${'a'.repeat(2_500)}b now`, `${'Z'.repeat(700)}${'z'.repeat(700)}`, `${'é'.repeat(900)} ${'漢'.repeat(600)}`]) {
      expect(tokenizer.encode(input)).toEqual(reference(input));
      // Again: the second time the long piece comes from the merges remembered.
      expect(tokenizer.encode(input)).toEqual(reference(input));
    }
  });
});
