import fc from 'fast-check';
import { O200KBase } from 'gpt-tokenizer/encodingParams/o200k_base';
import { Cl100KBase } from 'gpt-tokenizer/encodingParams/cl100k_base';
import { describe, expect, it } from 'vitest';
import { DEEPSEEK_PRE_TOKEN_PATTERN } from '../src/analysis/deepseek/deepseek-pre-tokens.js';
import { PreTokenSplit } from '../src/prefix/pre-token-split.js';

/*
 * `PreTokenSplit` must find exactly the pieces a loop over the global expression's `exec` finds
 * (empty matches skipped), for the encodings' own expressions and for expressions that leave chars
 * unmatched or match nothing, which take its fallback path.
 */
function execPieces(pattern: RegExp, text: string): [number, number][] {
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  const pieces: [number, number][] = [];
  for (let match = global.exec(text); match !== null; match = global.exec(text)) {
    if (match[0].length > 0) pieces.push([match.index, global.lastIndex]);
    else global.lastIndex++;
  }
  return pieces;
}

function splitPieces(pattern: RegExp, text: string): [number, number][] {
  const split = new PreTokenSplit(pattern);
  split.reset(text);
  const pieces: [number, number][] = [];
  while (split.next()) pieces.push([split.start, split.end]);
  expect(split.end).toBe(text.length);
  return pieces;
}

const UNITS = ['a', 'Zz', "'s", ' ', '   ', '\t', '\n', '\r\n', '1', '1234', '漢', '😀', '\ud800', '.', '!!', '\u00a0', 'é', 'x9', '_'];
const text = fc.array(fc.oneof(fc.constantFrom(...UNITS), fc.string({ unit: 'binary', maxLength: 5 })), { maxLength: 30 }).map((parts) => parts.join(''));

const PATTERNS: [string, RegExp][] = [
  ['o200k_base', O200KBase([]).tokenSplitRegex],
  ['cl100k_base', Cl100KBase([]).tokenSplitRegex],
  ['deepseek_v3', DEEPSEEK_PRE_TOKEN_PATTERN],
  // Leaves everything but letters and digits unmatched.
  ['letters only', /[a-z]+|\d/giu],
  // Matches empty between the words it matches (without the u flag: with it, a loop over exec that
  // steps one char past an empty match never leaves a surrogate pair, as exec steps back into it).
  ['with empty matches', /[a-z]*/g],
];

describe('pre-token split', () => {
  it.each(PATTERNS)('finds the pieces of exec over %s for random text', (_name, pattern) => {
    fc.assert(
      fc.property(text, (input) => {
        expect(splitPieces(pattern, input)).toEqual(execPieces(pattern, input));
      }),
      { numRuns: 500 },
    );
  });

  it('starts over on the next text', () => {
    const split = new PreTokenSplit(/\w+|\s+/u);
    split.reset('ab cd');
    expect(split.next()).toBe(true);
    split.reset('xyz');
    expect([split.next(), split.start, split.end]).toEqual([true, 0, 3]);
    expect(split.next()).toBe(false);
  });
});
