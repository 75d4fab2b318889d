import fc from 'fast-check';
import o200k from 'gpt-tokenizer/encoding/o200k_base';
import { expect, it } from 'vitest';
import { comparePrefix, createRequest, getTokenizer, PrefixTokenCounter, type SegmentInput } from '../src/prefix/index.js';

/*
 * comparePrefix counts the segment where two requests part on both sides together, splitting both
 * texts in step, and takes the shared tokens from where those splits parted (see
 * `commonTokensAfterSplit`). Texts of pieces that keep the split patterns' look-ahead busy near the
 * difference (whitespace runs before a non-space, contractions, CamelCase, digit runs, `\n/`), edited
 * at random, checked against the reference library tokenizing each whole text.
 */
const route = { provider: 'openai', model: 'gpt-4o' };
const NO_SPECIAL = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };
const pieces = fc.constantFrom(' ', '  ', '\t', '\n', '\n\n', ' \n', '/', "'", "'s", "'re", '}', '!!', 'a', 'Z', 'Foo', 'HTTP', 'Json', '9', '123', '漢', '😀', ' the', 'word');
const text = fc.array(pieces, { minLength: 0, maxLength: 60 }).map((parts) => parts.join(''));

function request(texts: readonly string[]) {
  return createRequest(route, 'chat', texts.map((content, index): SegmentInput => ({ kind: 'message', name: `m${index}`, content })));
}

function leadingCommonTokens(a: number[], b: number[]): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}

it('equal the leading tokens the two whole tokenizations share, for edits inside the segment where the requests part', () => {
  const tokenizer = getTokenizer('o200k_base');
  fc.assert(
    fc.property(text, fc.double({ min: 0, max: 1, noNaN: true }), fc.array(pieces, { maxLength: 3 }).map((parts) => parts.join('')), fc.nat(3), text, (parentText, editAt, inserted, deleted, next) => {
      const at = Math.floor(editAt * parentText.length);
      const edited = parentText.slice(0, at) + inserted + parentText.slice(at + deleted);
      // Some requests end with the differing segment, others go on with a segment of their own.
      const parentSegments = next === '' ? [parentText] : [parentText, next];
      const childSegments = next === '' ? [edited] : [edited, next];
      const result = comparePrefix(request(parentSegments), request(childSegments), { counter: new PrefixTokenCounter(tokenizer) });
      const whole = (segments: string[]) => o200k.encode(segments.join(''), NO_SPECIAL);
      expect(result.commonPrefix.tokens).toBe(leadingCommonTokens(whole(parentSegments), whole(childSegments)));
      expect(result.parent.tokens).toBe(whole(parentSegments).length);
      expect(result.child.tokens).toBe(whole(childSegments).length);
    }),
    { numRuns: 600 },
  );
});
